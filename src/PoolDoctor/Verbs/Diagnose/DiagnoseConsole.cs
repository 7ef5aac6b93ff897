using PoolDoctor.Cli;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Report.Diagnosis;
using Spectre.Console;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// `diagnose` on the terminal: the report on stdout, progress and the gate's line on stderr. Prose lines go through
/// Spectre at the console's width, so a narrow terminal wraps them between words, never inside one.
/// </summary>
internal sealed class DiagnoseConsole(IToolConsole console, LiveStatusLine? status) : IDiagnoseOutput
{
    public void Started(AttachedTarget attached, TimeSpan duration) =>
        TerminalConsole.ForError(console).WriteLine($"Diagnosing {attached.Process.Name} (pid {attached.ProcessId}) for up to {duration.TotalSeconds:0} s; Ctrl+C writes a partial report.");

    public void WatchEnded() => status?.Clear();

    public void Written(DiagnoseWritten written)
    {
        var summary = TerminalConsole.Create(console);
        ReportTerminalWriter.Write(summary, written.Report);
        foreach (var line in written.LoadLines)
        {
            summary.WriteLine(line);
        }
        summary.WriteLine($"Report: {written.Json} and {written.Html}");
        if (written.Report.Evidence is { } evidence)
        {
            summary.WriteLine($"Evidence beside it: {evidence.Nettrace} (PerfView, analyze) and {evidence.Speedscope} (speedscope)");
        }
        if (written.GateMessage is { } gate)
        {
            Stderr.Line(console, gate);
        }
    }

    public void Waiting(string line) => Stderr.Line(console, line);

    public void Note(string line) => Stderr.Note(console, line);
}
