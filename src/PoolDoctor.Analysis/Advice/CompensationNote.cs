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
    public static EvidenceItem? Describe(Verdict verdict, IReadOnlyList<Culprit> culprits, ConfiguredMinThreads? minThreads, double threadCount)
    {
        if (verdict.Kind != VerdictKind.BlockingCompensated || culprits.Count == 0)
        {
            return null;
        }
        var top = culprits[0];
        var blocked = new EvidenceItem(EvidenceKind.KeptUpByGrowthUnconfigured)
        {
            Figure = top.Threads,
            Unit = EvidenceUnit.Threads,
            Method = top.DisplayName,
            Api = top.ApiText,
        };
        if (minThreads is { } min && min.Workers >= top.Threads)
        {
            // The configured minimum is what the blocked threads were compared with: the threshold.
            return blocked with { Kind = EvidenceKind.KeptUpByMinThreads, Threshold = min.Workers, MinThreadsSource = min.Source };
        }
        var grown = new EvidenceFigure(FigureName.Threads, threadCount, EvidenceUnit.Threads);
        return minThreads is { } m
            ? blocked with
            {
                Kind = EvidenceKind.KeptUpByGrowth,
                Threshold = m.Workers,
                Figures = [grown],
                MinThreadsSource = m.Source,
            }
            : blocked with { Figures = [grown] };
    }
}
