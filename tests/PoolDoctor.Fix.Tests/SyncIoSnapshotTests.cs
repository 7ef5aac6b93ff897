using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The sync→async twins that are not in FixShop, on tests/apps/FixIo: ADO.NET through DbDataSource (Open,
/// ExecuteReader, ExecuteScalar, ExecuteNonQuery), Dapper (Query, Execute), FileStream Read/Write, SemaphoreSlim.Wait,
/// a ValueTask method, and a BackgroundService calling a sync method. Each plan compiled before it was returned; the
/// snapshot pins the rewrite, and the asserted line is the twin that must be there whatever else changes. A culprit a
/// real `diagnose` of the app under load named is read from its recorded report (chain and entry as the capture saw
/// them, so a caller off that chain is "also changed"); the others are written from the source (see FixIoWorkspace).
/// </summary>
[Collection(FixCollection.Name)]
public sealed class SyncIoSnapshotTests(FixIoWorkspace app) : IClassFixture<FixIoWorkspace>
{
    public static TheoryData<string, Culprit, string> Shapes => new()
    {
        {
            "io-ado-open.diff",
            FixIoWorkspace.Culprit("CustomerStore.Find", BlockingKind.SyncIO, "DbConnection.Open", "Customers/CustomerStore.cs", "connection.Open();", "CustomersController.Get", "CustomerStore.Find"),
            "+        await connection.OpenAsync();"
        },
        {
            "io-ado-reader.diff",
            TestApps.Recorded("fixio-customers.json", "CustomerStore.Find"),
            "+        using var reader = await command.ExecuteReaderAsync();"
        },
        {
            "io-ado-scalar.diff",
            TestApps.Recorded("fixio-count.json", "CustomerStore.Count"),
            "+        return (long)(await command.ExecuteScalarAsync())!;"
        },
        {
            "io-hosted-nonquery.diff",
            TestApps.Recorded("fixio-customers.json", "OutboxTable.MarkSent"),
            "+            await Flush();"
        },
        {
            "io-hosted-sleep.diff",
            TestApps.Recorded("fixio-customers.json", "CustomerStatsWorker.ExecuteAsync"),
            "+            await Task.Delay(TimeSpan.FromMinutes(1), stoppingToken);"
        },
        {
            "io-dapper-query.diff",
            TestApps.Recorded("fixio-orders.json", "OrderQueries.ForCustomer"),
            "+        return (await connection.QueryAsync<OrderRow>("
        },
        {
            "io-dapper-execute.diff",
            TestApps.Recorded("fixio-ship.json", "OrderQueries.MarkShipped"),
            "+        var updated = await connection.ExecuteAsync(\"update orders set shipped = true where id = @id\", new { id });"
        },
        {
            "io-stream-read.diff",
            FixIoWorkspace.Culprit("ReceiptArchive.Load", BlockingKind.SyncIO, "FileStream.Read", "Receipts/ReceiptArchive.cs", "file.Read(content, read"),
            "+            var n = await file.ReadAsync(content.AsMemory(read, content.Length - read));"
        },
        {
            "io-stream-write.diff",
            FixIoWorkspace.Culprit("ReceiptArchive.Save", BlockingKind.SyncIO, "FileStream.Write", "Receipts/ReceiptArchive.cs", "file.Write(content"),
            "+        await file.WriteAsync(content.AsMemory(0, content.Length));"
        },
        {
            "io-semaphore.diff",
            FixIoWorkspace.Culprit("ExportThrottle.Run", BlockingKind.SyncWait, "SemaphoreSlim.Wait", "Quotas/ExportThrottle.cs", "_slots.Wait();", "ExportEndpoints.Export", "ExportThrottle.Run"),
            "+        await _slots.WaitAsync();"
        },
        {
            "io-valuetask.diff",
            FixIoWorkspace.Culprit("RateCache.GetAsync", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "Rates/RateCache.cs", ".Result;"),
            "+    public async ValueTask<decimal> GetAsync(string currency)"
        },
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task The_fix_of_a_sync_io_call_is_this_diff(string snapshot, Culprit culprit, string twin)
    {
        var plan = await SourceFixer.PlanAsync(app.Solution, culprit, TestApps.FixIo, rename: false, CancellationToken.None);

        DiffSnapshot.Matches(snapshot, plan);
        Assert.Contains(twin, plan.Diff, StringComparison.Ordinal);
    }
    /// <summary>
    /// MVC calls a view component's `Invoke` or `InvokeAsync` by name and rejects an `Invoke` that returns a Task at run
    /// time: the made-async method is renamed, without --rename (a run of `fix --verify` on an app written for the check
    /// compiled the unrenamed patch, and every request of the patched build got a 500).
    /// </summary>
    [Fact]
    public async Task A_view_components_Invoke_made_async_is_named_InvokeAsync()
    {
        var culprit = FixIoWorkspace.Culprit("RateCardViewComponent.Invoke", BlockingKind.SyncOverAsync, "Task.Result", "Rates/RateCardViewComponent.cs", "source.FetchAsync(currency).Result");

        var plan = await SourceFixer.PlanAsync(app.Solution, culprit, TestApps.FixIo, rename: false, CancellationToken.None);

        Assert.True(plan.Refusal is null, plan.Refusal);
        var diff = plan.Diff;
        Assert.Contains("+    public async Task<IViewComponentResult> InvokeAsync(string currency)", diff, StringComparison.Ordinal);
        Assert.Contains("+        var rate = await source.FetchAsync(currency);", diff, StringComparison.Ordinal);
    }
}
