using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The culprit rows a reader sees: findings under 1 % of pool-thread time (a reflection lock, a heartbeat, printed as
/// "0 %") fold into one "other" row in the terminal and report.html; report.json keeps every one. The first culprit is
/// always shown: it is the one the verdict, the fix and the next command name.
/// </summary>
internal static class CulpritRows
{
    public const double FoldBelow = 0.01;

    /// <summary>The rows shown with their rank in the report (1-based), and what folded: how many and their summed share.</summary>
    public static (IReadOnlyList<(int Rank, Culprit Culprit)> Shown, int Folded, double FoldedShare) Of(IReadOnlyList<Culprit> culprits)
    {
        var ranked = culprits.Select((c, i) => (Rank: i + 1, Culprit: c)).ToList();
        var shown = ranked.Where(r => r.Rank == 1 || r.Culprit.Share >= FoldBelow).ToList();
        var folded = ranked.Where(r => r.Rank != 1 && r.Culprit.Share < FoldBelow).ToList();
        return (shown, folded.Count, folded.Sum(r => r.Culprit.Share));
    }

    /// <summary>The folded row's words where its share has no column of its own: "other: 3 findings, 0.4 %".</summary>
    public static string OtherText(int folded, double share) => $"{OtherLabel(folded)}, {Percent(share)}";

    /// <summary>The folded row's label in a table, whose share column gives the percentage: "other: 3 findings".</summary>
    public static string OtherLabel(int folded) => $"other: {folded} finding{(folded == 1 ? "" : "s")}";

    /// <summary>The folded share to a tenth of a percent; under that it says so rather than print "0 %".</summary>
    public static string Percent(double share) => share * 100 < 0.05 ? "under 0.1 %" : $"{Html.N(share * 100, 1)} %";
}
