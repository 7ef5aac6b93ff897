using System.Globalization;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// How a culprit held its pool threads over the capture, in English, where it changes how to read the ranking: a
/// constant blocker is ranked below the culprits the load reaches, and the line says why. Growing and steady culprits
/// get no line (their figures are in report.json's <c>hold</c>).
/// </summary>
public static class CulpritHoldText
{
    /// <summary>"holds 1 pool thread permanently: …", or null when the culprit is not a constant blocker.</summary>
    public static string? Of(Culprit c)
    {
        if (c.Hold is not { Pattern: HoldPattern.Permanent } hold)
        {
            return null;
        }
        var threads = hold.ThreadsAtStart;
        var window = hold.WindowSeconds.ToString("F1", CultureInfo.InvariantCulture);
        return $"holds {threads} pool thread{(threads == 1 ? "" : "s")} permanently: blocked here since before the capture "
            + $"began and still at its end ({window} s), serving no request; ranked below the blockers the load's requests reach";
    }
}
