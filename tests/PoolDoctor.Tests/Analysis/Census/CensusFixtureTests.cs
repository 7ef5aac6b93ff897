using PoolDoctor.Analysis.Census;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Census;

/// <summary>The census of CensusShop's tests (fixtures/census, see its README), read the way the verb reads it.</summary>
public sealed class CensusFixtureTests
{
    private static readonly string Directory = Path.Combine(AppContext.BaseDirectory, "fixtures", "census");

    private static readonly Lazy<CensusCapture> Capture = new(() => new CensusCapture(1, "testhost", 0,
        NettraceStackReader.Read(Path.Combine(Directory, "testhost.cut-nettrace.gz"), requireComplete: false, symbolsDirectory: Directory,
            untilCut: true, rundown: Path.Combine(Directory, "testhost.rundown-nettrace.gz"))));

    private static CensusResult Census() => CensusAnalyzer.Analyze([Capture.Value]);

    [Fact]
    public void The_contended_lock_is_one_finding_at_its_line_with_its_route()
    {
        var finding = Assert.Single(Census().Findings, f => f.Method == "StockLedger.Reserve");

        Assert.Equal(BlockingKind.Lock, finding.Kind);
        // Without the app's deps.json beside the fixture its IL is not read: no route template, the path's values stand as {}.
        Assert.Equal("POST /stock/{}/reserve-now", EntryText.Of(finding.Entry));
        Assert.Equal(12, finding.Site.Line);
        Assert.EndsWith("StockLedger.cs", finding.Site.File);
        Assert.True(finding.Count >= 1 && finding.MaxBlockedMs > 0 && finding.TotalBlockedMs >= finding.MaxBlockedMs);
        Assert.Contains(finding.ExampleStack, frame => frame.Contains("StockLedger.Reserve (StockLedger.cs:12)", StringComparison.Ordinal));
    }

    [Fact]
    public void The_semaphore_wait_is_one_finding_named_by_its_api()
    {
        var finding = Assert.Single(Census().Findings, f => f.Method == "CheckoutQueue.Checkout");

        Assert.Equal("SemaphoreSlim.Wait", finding.Api);
        Assert.Equal("POST /carts/{}/checkout-now", EntryText.Of(finding.Entry));
        Assert.Equal(10, finding.Site.Line);
    }

    [Fact]
    public void Blocking_on_the_long_running_thread_is_recorded_but_no_finding()
    {
        // The capture holds the archiver's waits (so this test can fail)...
        Assert.Contains(Capture.Value.Snapshot.Waits, w => w.Frames.Any(f => f.Method.Contains("ReportArchiver.ArchiveForever", StringComparison.Ordinal)));
        // ...and the census lists none of them, nor any async twin, nor the test runner's own waits.
        Assert.DoesNotContain(Census().Findings, f => f.Method.Contains("ReportArchiver", StringComparison.Ordinal));
        Assert.DoesNotContain(Census().Findings, f => f.Method.EndsWith("Async", StringComparison.Ordinal) && f.Site.File is not null);
        Assert.DoesNotContain(Census().Findings, f => f.Method.StartsWith("VsTestRunner", StringComparison.Ordinal) || f.Method.StartsWith("Xunit", StringComparison.Ordinal));
    }

    [Fact]
    public void Ids_follow_method_api_and_entry()
    {
        foreach (var f in Census().Findings)
        {
            Assert.Equal(FindingIds.Of(f.Method, f.Api, f.Entry?.Name), f.Id);
        }
        Assert.Equal(Census().Findings.Count, Census().Findings.Select(f => f.Id).Distinct().Count());
    }
}
