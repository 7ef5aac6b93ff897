using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Load;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Runs.Verify;

/// <summary>
/// The two runs of `fix --verify`: the original build and the patched one under the same load. The fix helped only when
/// the patched build is not Starving and answered more requests than the original. An error response is no answer: a
/// patch that compiles can still fail every request (a framework that rejects the method it made async), and then it
/// is fast and calm but did not help.
/// </summary>
internal sealed record VerifyResult(VariantResult Before, VariantResult After)
{
    public IReadOnlyList<CompareRow> Rows => [Before.Row, After.Row];

    public bool Helped => After.Row.Verdict is not VerdictKind.Starving && Answered(After.Load) > Answered(Before.Load);

    /// <summary>Why the fix did not help, in one line; null when it did.</summary>
    public string? Shortfall =>
        Helped ? null
        : After.Row.Verdict is VerdictKind.Starving
            ? $"the patched build still starves ({Answered(After.Load)} requests answered, {Answered(Before.Load)} before)"
            : Failed(After.Load) > 0
                ? $"the patched build answered {Answered(After.Load)} requests, not more than the original's {Answered(Before.Load)}: {Failed(After.Load)} of its {After.Load.Requests} responses were errors ({ErrorClasses(After.Load)})"
                : $"the patched build answered {Answered(After.Load)} requests, not more than the original's {Answered(Before.Load)}";

    /// <summary>Responses that answered the request: 2xx and 3xx, less gRPC replies whose grpc-status was not OK.</summary>
    public static long Answered(LoadSummary load) => Math.Max(0, load.Status.Success + load.Status.Redirect - load.Errors.Grpc);

    private static long Failed(LoadSummary load) => load.Requests - Answered(load);

    private static string ErrorClasses(LoadSummary load)
    {
        var parts = new List<string>();
        if (load.Status.ServerError > 0)
        {
            parts.Add($"{load.Status.ServerError} HTTP 5xx");
        }
        if (load.Status.ClientError > 0)
        {
            parts.Add($"{load.Status.ClientError} HTTP 4xx");
        }
        if (load.Errors.Grpc > 0)
        {
            parts.Add($"{load.Errors.Grpc} gRPC");
        }
        var other = Failed(load) - load.Status.ServerError - load.Status.ClientError - load.Errors.Grpc;
        if (other > 0)
        {
            parts.Add($"{other} other");
        }
        return string.Join(", ", parts);
    }
}
