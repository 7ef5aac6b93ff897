using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Analysis.Gate;

/// <summary>The CI gate's decision, pure: the same diagnosis always passes or fails the same way.</summary>
public static class FailGate
{
    public static bool Fails(FailOn policy, VerdictKind verdict, IReadOnlyList<Culprit> culprits)
    {
        var blockingCulprit = culprits.Any(c => c.Share >= AdviceBuilder.MinimumShare);
        return policy switch
        {
            FailOn.Starving => verdict == VerdictKind.Starving,
            FailOn.Blocking => verdict is VerdictKind.Starving or VerdictKind.BlockingCompensated || blockingCulprit,
            FailOn.Any => verdict is not (VerdictKind.Healthy or VerdictKind.Inconclusive) || blockingCulprit,
            _ => throw new ArgumentOutOfRangeException(nameof(policy), policy, "unknown --fail-on policy"),
        };
    }

    /// <summary>Why it failed (or passed), one line for the CI log and the JUnit message.</summary>
    public static string Explain(FailOn policy, VerdictKind verdict, IReadOnlyList<Culprit> culprits)
    {
        var top = culprits.FirstOrDefault(c => c.Share >= AdviceBuilder.MinimumShare);
        var culprit = top is null ? "no culprit" : $"top culprit {top.DisplayName} ({top.Kind} on {top.Api}, {top.Share * 100:0}% of pool time)";
        return $"verdict {verdict}, {culprit}; --fail-on {policy.ToString().ToLowerInvariant()} {(Fails(policy, verdict, culprits) ? "fails" : "passes")}";
    }
}
