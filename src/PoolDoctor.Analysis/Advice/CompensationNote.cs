using System.Globalization;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// Why a pool with blocked threads is not starving: BlockingCompensated names the blocking (the top culprit, with the
/// threads it held) and what keeps the pool ahead of it — the configured MinThreads when it covers those threads, else
/// the threads the pool has grown to. The blocking is still the finding: a smaller MinThreads or a larger burst starves.
/// </summary>
public static class CompensationNote
{
    public static string? Describe(Verdict verdict, IReadOnlyList<Culprit> culprits, ConfiguredMinThreads? minThreads, double threadCount)
    {
        if (verdict.Kind != VerdictKind.BlockingCompensated || culprits.Count == 0)
        {
            return null;
        }
        var top = culprits[0];
        var blocked = string.Create(CultureInfo.InvariantCulture, $"{top.Threads} pool thread{(top.Threads == 1 ? "" : "s")} blocked in {top.DisplayName} ({top.ApiText})");
        if (minThreads is { } min && min.Workers >= top.Threads)
        {
            return string.Create(CultureInfo.InvariantCulture, $"{blocked}; the pool keeps up only because MinThreads is {min.Workers} ({min.Source})");
        }
        var configured = minThreads is { } m
            ? string.Create(CultureInfo.InvariantCulture, $" (MinThreads {m.Workers}, {m.Source})")
            : " (no MinThreads configured in the environment or runtimeconfig.json; a SetMinThreads call in code is not visible)";
        return string.Create(CultureInfo.InvariantCulture, $"{blocked}; the pool keeps up only because it has grown to {threadCount:0} threads{configured}");
    }
}
