using PoolDoctor.Fix;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Report.Diagnosis;

namespace PoolDoctor.Fuzz;

/// <summary>
/// The report.json reader `fix` and its stop-gap read (<see cref="ReportJsonReader"/> behind <see cref="ReportReader"/>):
/// the capped read (<see cref="ReportBytes"/>), the JSON parse, the culprits array at the top or one level down, each
/// culprit's fields, and <c>advice.minThreads</c>. The input is the file.
/// </summary>
internal static class ReportJsonTarget
{
    private static readonly string Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"pooldoctor-fuzz-report-{Environment.ProcessId}.json");

    public static void Run(byte[] input)
    {
        File.WriteAllBytes(Path, input);
        try
        {
            var culprits = ReportReader.Read(Path);
            if (culprits.Count > 0)
            {
                _ = ReportReader.Pick(culprits, culprits.Count, Path);
            }
        }
        catch (FixRefusedException e)
        {
            FuzzTargets.OneLine(e.Message);
            if (!e.Message.Contains(Path, StringComparison.Ordinal))
            {
                throw new FuzzFindingException($"a refusal that does not name the file: {e.Message}");
            }
        }
        try
        {
            _ = ReportJsonReader.MinThreads(Path);
        }
        catch (InvalidDataException e)
        {
            FuzzTargets.OneLine(e.Message);
        }
    }
}
