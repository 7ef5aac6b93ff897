using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Fix.Reports;

/// <summary>
/// The culprits of a report.json (diagnose, watch) or of `stacks`/`analyze --format json` output, read by the report's
/// own reader (<see cref="ReportJsonReader"/>) into the Model's <see cref="Culprit"/>; anything else is refused with one line.
/// </summary>
public static class ReportReader
{
    public static IReadOnlyList<Culprit> Read(string path)
    {
        try
        {
            return ReportJsonReader.Culprits(path);
        }
        catch (InvalidDataException e)
        {
            throw new FixRefusedException(e.Message);
        }
    }

    public static Culprit Pick(IReadOnlyList<Culprit> culprits, int number, string path)
    {
        if (culprits.Count == 0)
        {
            throw new FixRefusedException($"'{path}' names no culprit: nothing to fix");
        }
        if (number < 1 || number > culprits.Count)
        {
            throw new FixRefusedException($"--culprit {number}: '{path}' has {culprits.Count} culprit(s), numbered from 1");
        }
        return culprits[number - 1];
    }
}
