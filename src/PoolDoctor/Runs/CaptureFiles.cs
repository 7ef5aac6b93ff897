using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Runs;

/// <summary>
/// A capture's files on their way to a report's folder: the `.nettrace` as recorded and its speedscope file wait in the
/// temp directory until the report is written, then move beside report.json (<see cref="MoveInto"/>); a capture that
/// becomes no report (an early sign that came to nothing, a failed write) deletes them (<see cref="Discard"/>). Only
/// the report's folder ever holds them, so `watch --keep` bounds them with the reports.
/// </summary>
internal sealed class CaptureFiles(string trace, string speedscope)
{
    public const string TraceName = "capture.nettrace";
    public const string SpeedscopeName = "capture.speedscope.json";

    /// <summary>Writes the speedscope file of the capture's pool-thread stacks next to its trace, with the culprits' recovered frames.</summary>
    public static CaptureFiles Keep(string trace, string source, IReadOnlyList<DisplayThread> threads, IReadOnlyList<Model.Stacks.Culprit>? culprits = null)
    {
        var speedscope = Path.ChangeExtension(trace, ".speedscope.json");
        try
        {
            using (var output = File.Create(speedscope))
            {
                SpeedscopeWriter.Write(source, threads.Where(t => t.IsThreadPool), output, culprits);
            }
            return new CaptureFiles(trace, speedscope);
        }
        catch
        {
            TraceFile.TryDelete(speedscope);
            throw;
        }
    }

    /// <summary>
    /// Moves both files into <paramref name="directory"/> and returns their names there; a file that cannot be moved
    /// costs the evidence, never the report (<paramref name="notice"/> says why, and what was moved is deleted).
    /// </summary>
    public KeptCaptureFiles? MoveInto(string directory, Action<string>? notice)
    {
        var movedTrace = Path.Combine(directory, TraceName);
        var movedSpeedscope = Path.Combine(directory, SpeedscopeName);
        try
        {
            Directory.CreateDirectory(directory);
            File.Move(trace, movedTrace, overwrite: true);
            File.Move(speedscope, movedSpeedscope, overwrite: true);
            return new KeptCaptureFiles(TraceName, SpeedscopeName);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            notice?.Invoke($"the capture's files were not kept in '{directory}': {e.Message.ReplaceLineEndings(" ")}");
            TraceFile.TryDelete(movedTrace);
            TraceFile.TryDelete(movedSpeedscope);
            Discard();
            return null;
        }
    }

    /// <summary>Deletes the files wherever they still are in the temp directory (a no-op once moved).</summary>
    public void Discard()
    {
        TraceFile.TryDelete(trace);
        TraceFile.TryDelete(speedscope);
    }
}
