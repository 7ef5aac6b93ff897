using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Fix.Reports;

/// <summary>The MinThreads stop-gap a report computed (<c>advice.minThreads.value</c>, docs/report.md), or null when it has none.</summary>
public static class ReportStopGap
{
    public static int? MinThreads(string reportPath)
    {
        try
        {
            return ReportJsonReader.MinThreads(reportPath);
        }
        catch (InvalidDataException e)
        {
            throw new FixRefusedException(e.Message);
        }
    }
}
