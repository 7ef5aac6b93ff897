using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Load;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Runs.Variants;
using PoolDoctor.Runs.Verify;

namespace PoolDoctor.Tests.Verbs.Fix;

/// <summary>
/// The judgement of `fix --verify`. The figures of the failing case are those of a real run (a view component's
/// `Invoke` made async without its `Async` name: MVC refused it, and every request of the patched build got a 500).
/// </summary>
public sealed class VerifyResultTests
{
    [Fact]
    public void A_patched_build_that_fails_every_request_did_not_help_however_fast()
    {
        var result = new VerifyResult(
            Variant("before", requests: 125, success: 125, serverErrors: 0, VerdictKind.Starving),
            Variant("after (fixed)", requests: 7963, success: 0, serverErrors: 7963, VerdictKind.CpuSaturated));

        Assert.False(result.Helped);
        Assert.Equal("the patched build answered 0 requests, not more than the original's 125: 7963 of its 7963 responses were errors (7963 HTTP 5xx)", result.Shortfall);
    }

    [Fact]
    public void More_requests_answered_and_not_starving_is_a_fix_that_helped()
    {
        var result = new VerifyResult(
            Variant("before", requests: 11, success: 11, serverErrors: 0, VerdictKind.Starving),
            Variant("after (fixed)", requests: 1875, success: 1875, serverErrors: 0, VerdictKind.Healthy));

        Assert.True(result.Helped);
        Assert.Null(result.Shortfall);
    }

    [Fact]
    public void Still_starving_did_not_help_whatever_it_served()
    {
        var result = new VerifyResult(
            Variant("before", requests: 11, success: 11, serverErrors: 0, VerdictKind.Starving),
            Variant("after (fixed)", requests: 40, success: 40, serverErrors: 0, VerdictKind.Starving));

        Assert.False(result.Helped);
        Assert.StartsWith("the patched build still starves (40 requests answered, 11 before)", result.Shortfall, StringComparison.Ordinal);
    }

    private static VariantResult Variant(string name, long requests, long success, long serverErrors, VerdictKind verdict)
    {
        var load = new LoadSummary(
            "http://127.0.0.1:5000/x", 125, requests, 6, new RateStats(requests / 6.0, 0, 0), new LatencyStats(1, 0, 1, 1, 1, 1, 1, 1),
            new StatusCounts(0, success, 0, 0, serverErrors, 0), new ErrorCounts(0, 0, 0, 0, 0, 0), 0, 0, 0);
        var row = new CompareRow(name, load.Url, load.Rps.Mean, 1, 1, 1, requests, serverErrors, 10, 5, verdict);
        return new VariantResult(row, load, Watch: null);
    }
}
