using PoolDoctor.Fix.Reports;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The sync→async twins that are not in FixShop, on tests/apps/FixIo: ADO.NET through DbDataSource (Open,
/// ExecuteReader, ExecuteScalar, ExecuteNonQuery), Dapper (Query, Execute), FileStream Read/Write, SemaphoreSlim.Wait,
/// a ValueTask method, and a BackgroundService calling a sync method. Each plan compiled before it was returned; the
/// snapshot pins the rewrite, and the asserted line is the twin that must be there whatever else changes.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class SyncIoSnapshotTests(FixIoWorkspace app) : IClassFixture<FixIoWorkspace>
{
    public static TheoryData<string, ReportCulprit, string> Shapes => new()
    {
        {
            "io-ado-open.diff",
            FixIoWorkspace.Culprit("CustomerStore.Find", "SyncIO", "DbConnection.Open", "Customers/CustomerStore.cs", "connection.Open();", "CustomersController.Get", "CustomerStore.Find"),
            "+        await connection.OpenAsync();"
        },
        {
            "io-ado-reader.diff",
            FixIoWorkspace.Culprit("CustomerStore.Find", "SyncIO", "DbCommand.ExecuteReader", "Customers/CustomerStore.cs", "command.ExecuteReader()", "CustomersController.Get", "CustomerStore.Find"),
            "+        using var reader = await command.ExecuteReaderAsync();"
        },
        {
            "io-ado-scalar.diff",
            FixIoWorkspace.Culprit("CustomerStore.Count", "SyncIO", "DbCommand.ExecuteScalar", "Customers/CustomerStore.cs", "command.ExecuteScalar()"),
            "+        return (long)(await command.ExecuteScalarAsync())!;"
        },
        {
            "io-hosted-nonquery.diff",
            FixIoWorkspace.Culprit("OutboxTable.MarkSent", "SyncIO", "DbCommand.ExecuteNonQuery", "Outbox/OutboxTable.cs", "return command.ExecuteNonQuery();", "OutboxWorker.ExecuteAsync", "OutboxWorker.Flush", "OutboxTable.MarkSent"),
            "+            await Flush();"
        },
        {
            "io-hosted-sleep.diff",
            FixIoWorkspace.Culprit("CustomerStatsWorker.ExecuteAsync", "Sleep", "Thread.Sleep", "Customers/CustomerStatsWorker.cs", "Thread.Sleep("),
            "+            await Task.Delay(TimeSpan.FromMinutes(1), stoppingToken);"
        },
        {
            "io-dapper-query.diff",
            FixIoWorkspace.Culprit("OrderQueries.ForCustomer", "SyncIO", "SqlMapper.Query<T>", "Orders/OrderQueries.cs", "connection.Query<OrderRow>("),
            "+        return (await connection.QueryAsync<OrderRow>("
        },
        {
            "io-dapper-execute.diff",
            FixIoWorkspace.Culprit("OrderQueries.MarkShipped", "SyncIO", "SqlMapper.Execute", "Orders/OrderQueries.cs", "connection.Execute("),
            "+        var updated = await connection.ExecuteAsync(\"update orders set shipped = true where id = @id\", new { id });"
        },
        {
            "io-stream-read.diff",
            FixIoWorkspace.Culprit("ReceiptArchive.Load", "SyncIO", "FileStream.Read", "Receipts/ReceiptArchive.cs", "file.Read(content, read"),
            "+            var n = await file.ReadAsync(content.AsMemory(read, content.Length - read));"
        },
        {
            "io-stream-write.diff",
            FixIoWorkspace.Culprit("ReceiptArchive.Save", "SyncIO", "FileStream.Write", "Receipts/ReceiptArchive.cs", "file.Write(content"),
            "+        await file.WriteAsync(content.AsMemory(0, content.Length));"
        },
        {
            "io-semaphore.diff",
            FixIoWorkspace.Culprit("ExportThrottle.Run", "SyncWait", "SemaphoreSlim.Wait", "Quotas/ExportThrottle.cs", "_slots.Wait();", "ExportEndpoints.Export", "ExportThrottle.Run"),
            "+        await _slots.WaitAsync();"
        },
        {
            "io-valuetask.diff",
            FixIoWorkspace.Culprit("RateCache.GetAsync", "SyncOverAsync", "Task<TResult>.Result", "Rates/RateCache.cs", ".Result;"),
            "+    public async ValueTask<decimal> GetAsync(string currency)"
        },
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task The_fix_of_a_sync_io_call_is_this_diff(string snapshot, ReportCulprit culprit, string twin)
    {
        var plan = await SourceFixer.PlanAsync(app.Solution, culprit, TestApps.FixIo, rename: false, CancellationToken.None);

        DiffSnapshot.Matches(snapshot, plan);
        Assert.Contains(twin, plan.Diff, StringComparison.Ordinal);
    }
}
