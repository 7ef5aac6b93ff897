using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Cli.Verbs.Fix;

/// <summary>
/// The two runs of `fix --verify`: the original build and the patched one under the same load. The fix helped only when
/// the patched build is not Starving and served more requests than the original.
/// </summary>
internal sealed record VerifyResult(VariantResult Before, VariantResult After)
{
    public IReadOnlyList<CompareRow> Rows => [Before.Row, After.Row];

    public bool Helped => After.Row.Verdict is not VerdictKind.Starving && After.Row.Requests > Before.Row.Requests;

    /// <summary>Why the fix did not help, in one line; null when it did.</summary>
    public string? Shortfall =>
        Helped ? null
        : After.Row.Verdict is VerdictKind.Starving
            ? $"the patched build still starves ({After.Row.Requests} requests served, {Before.Row.Requests} before)"
            : $"the patched build served {After.Row.Requests} requests, not more than the original's {Before.Row.Requests}";
}
