using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Dumps;

/// <summary>
/// A full dump of the lab warmed 30 s (gRPC Check, minimal-API invoices/7 and reports/monday under 3 connections each)
/// then starving 6 s under 42 connections each (fixtures/dumps/README.md). gRPC's call handler resumes after the
/// request's message arrives when the message came after the headers: that thread runs the handler as a continuation,
/// and nothing on its stack but the resumed state machine holds the request.
/// </summary>
public sealed class WarmedShapesDumpFixtureTests
{
    private const string Grpc = "POST /shop.Warehouse/Check";

    private static readonly Lazy<StackSnapshot> Snapshot = new(() => RecordedDumps.Load("warmed-shapes"));

    private static bool ServesCheck(ThreadStack stack) =>
        stack.Frames.Any(f => f.Method == "PoolDoctor.Lab.Grpc.WarehouseService.Check");

    // Kestrel's request loop is on the stack when the handler ran straight from the request's dispatch.
    private static bool Resumed(ThreadStack stack) =>
        !stack.Frames.Any(f => f.Method.Contains("HttpProtocol+<ProcessRequests>", StringComparison.Ordinal));

    [Fact]
    public void Every_thread_in_the_gRPC_method_knows_its_request_the_resumed_ones_from_their_state_machine()
    {
        var check = Snapshot.Value.Stacks.Where(ServesCheck).ToList();

        Assert.True(check.Count >= 30, $"{check.Count} threads in WarehouseService.Check");
        Assert.Contains(check, Resumed);
        Assert.All(check, s => Assert.Equal(
            new RequestContext("POST", "/shop.Warehouse/Check", "/shop.Warehouse/Check", "gRPC - /shop.Warehouse/Check"), s.Request));
    }

    [Fact]
    public void Without_the_state_machines_a_resumed_handler_has_no_request()
    {
        var resumed = RecordedDumps.Load("warmed-shapes", readBoxes: false).Stacks.Where(s => ServesCheck(s) && Resumed(s)).ToList();

        Assert.NotEmpty(resumed);
        Assert.All(resumed, s => Assert.Null(s.Request));
    }

    [Fact]
    public void The_culprit_serving_the_gRPC_method_is_the_ledger_call_inlined_into_it_with_its_line()
    {
        var analysis = CulpritAnalyzer.Analyze(Snapshot.Value);
        var serving = analysis.Culprits.Where(c => EntryText.Of(c.Entry) == Grpc).ToList();
        var said = string.Join(" | ", analysis.Culprits.Select(c =>
            $"{c.Method} {c.Kind} {c.Api} entry '{EntryText.Of(c.Entry)}' {c.Site.Source} {Path.GetFileName(c.Site.File)}:{c.Site.Line} threads {c.Threads}"));

        var culprit = Assert.Single(serving);
        Assert.True(culprit.Method == "WarehouseLedger.Count", said);
        Assert.Equal(BlockingKind.SyncOverAsync, culprit.Kind);
        Assert.Equal("Task.Wait", culprit.Api);
        Assert.Equal(CallSiteSource.Il, culprit.Site.Source);
        Assert.Equal(["WarehouseService.Check", "WarehouseLedger.Count"], culprit.ChainNames);
        Assert.Equal("WarehouseLedger.cs", Path.GetFileName(culprit.Site.File));
        Assert.Equal(14, culprit.Site.Line);
        Assert.Equal(Snapshot.Value.Stacks.Count(ServesCheck), culprit.Threads);
        Assert.DoesNotContain(analysis.Culprits, c => c.Method == "WarehouseLedger.Count" && EntryText.Of(c.Entry) != Grpc);
    }

    /// <summary>
    /// The dump of a lab starving harder (the HTTP/2 connection's own reads wait in the pool's queue too, so most calls
    /// resume after their message) has mostly resumed handlers; with only those, no thread's frames name the request,
    /// so no other thread's request can lend its code path one either.
    /// </summary>
    [Theory]
    [InlineData(true, Grpc)]
    [InlineData(false, "WarehouseService.Check")]
    public void With_only_resumed_handlers_the_entry_comes_from_their_state_machines(bool readBoxes, string entry)
    {
        var snapshot = RecordedDumps.Load("warmed-shapes", readBoxes);
        var resumedOnly = snapshot with { Stacks = [.. snapshot.Stacks.Where(s => !ServesCheck(s) || Resumed(s))] };

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(resumedOnly).Culprits, c => c.Method == "WarehouseLedger.Count");

        Assert.Equal(entry, EntryText.Of(culprit.Entry));
    }

    [Theory]
    [InlineData("GET /api/minimal/invoices/{id:int}", "InvoiceStore.Load", "InvoiceStore.cs", 8)]
    [InlineData("GET /api/minimal/reports/{day}", "DailyReports.For", "DailyReports.cs", 6)]
    public void The_minimal_API_shapes_in_the_same_dump_keep_their_culprits(string entry, string method, string file, int line)
    {
        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot.Value).Culprits, c => EntryText.Of(c.Entry) == entry);

        Assert.Equal(method, culprit.Method);
        Assert.Equal(file, Path.GetFileName(culprit.Site.File));
        Assert.Equal(line, culprit.Site.Line);
    }
}
