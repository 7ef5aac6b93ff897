using PoolDoctor.Analysis.Census;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Cli;
using PoolDoctor.Collect.Census;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Census;
using PoolDoctor.Report.Census;
using PoolDoctor.Runs;

namespace PoolDoctor.Verbs.Census;

/// <summary>
/// One census: run the command with its output on stderr, record every .NET process below it until it exits, end every
/// session (none stays open in a process the command left running), read the recordings, group the waits into
/// findings, write the outputs, and compare with the baseline. Exit: 0, 3 when findings fail the gate, 1 when the
/// command itself failed (its findings are still written).
/// </summary>
internal static class CensusRun
{
    public static async Task<RunEnd> RunAsync(CensusOptions options, IToolConsole console, CancellationToken cancellation)
    {
        // A bad baseline is a bad call: found before the command runs for minutes.
        var baseline = options.Baseline is { } path && !options.UpdateBaseline ? ReadBaseline(path) : null;
        var directory = options.Traces is { } kept ? Directory.CreateDirectory(kept) : Directory.CreateTempSubdirectory("pooldoctor-census-");
        try
        {
            var (traces, exitCode, interrupted) = await RecordAsync(options, console, directory.FullName, cancellation);
            var census = Analyze(traces, options, console);
            if (interrupted)
            {
                await WriteAsync(options, census, console, CensusGate.Failing(census, baseline, options.Growth));
                return RunEnd.Interrupted("interrupted; census of the run so far written");
            }
            if (options.UpdateBaseline)
            {
                await using (var file = File.Create(options.Baseline!))
                {
                    CensusJson.Write(file, census);
                }
                Stderr.Note(console, $"baseline written to {options.Baseline}: {census.Findings.Count} finding(s)");
                await WriteAsync(options, census, console, new HashSet<string>());
                return exitCode == 0 ? RunEnd.Ok : RunEnd.Failed(CommandFailed(options, exitCode));
            }
            var failing = CensusGate.Failing(census, baseline, options.Growth);
            await WriteAsync(options, census, console, failing);
            if (exitCode != 0)
            {
                return RunEnd.Failed(CommandFailed(options, exitCode));
            }
            if (failing.Count > 0)
            {
                Stderr.Line(console, CensusGateText.Failing(census, failing, baseline is null ? null : options.Baseline));
                return RunEnd.GateFailed();
            }
            return RunEnd.Ok;
        }
        finally
        {
            try
            {
                if (options.Traces is null)
                {
                    directory.Delete(recursive: true);
                }
            }
            catch (IOException)
            {
                // A temporary folder left behind costs nothing.
            }
        }
    }

    private static IReadOnlyDictionary<string, double> ReadBaseline(string path)
    {
        if (!File.Exists(path))
        {
            throw new UsageException($"--baseline: '{path}' does not exist (write it with --update-baseline)");
        }
        try
        {
            return CensusBaselineFile.Read(path);
        }
        catch (FormatException e)
        {
            throw new UsageException($"--baseline: {e.Message}");
        }
    }

    private static string CommandFailed(CensusOptions options, int exitCode) =>
        $"'{Path.GetFileName(options.Command[0])}' exited with code {exitCode} (its output is above); the census of the run is written";

    private static async Task<(IReadOnlyList<CensusTrace> Traces, int ExitCode, bool Interrupted)> RecordAsync(
        CensusOptions options, IToolConsole console, string directory, CancellationToken cancellation)
    {
        var error = TextWriter.Synchronized(console.Error);
        await using var launched = LaunchedTarget.Start(options.Command[0], options.Command.Skip(1), line => error.WriteLine(line));
        var recorder = new ProcessTreeRecorder(launched.ProcessId, directory, note => Stderr.Note(console, note));
        var exit = launched.WaitForExitAsync(cancellation);
        var interrupted = false;
        try
        {
            await recorder.FollowAsync(exit, cancellation);
            await exit;
            await launched.DrainAsync();
        }
        catch (OperationCanceledException)
        {
            interrupted = true;
        }
        // Every session ends here, also on Ctrl+C: processes the command left running keep no session of ours.
        var traces = await recorder.StopAsync();
        return (traces, launched.ExitCode ?? -1, interrupted);
    }

    private static CensusResult Analyze(IReadOnlyList<CensusTrace> traces, CensusOptions options, IToolConsole console)
    {
        var captures = new List<CensusCapture>();
        var notes = new List<string>();
        foreach (var trace in traces)
        {
            try
            {
                var snapshot = NettraceStackReader.Read(trace.Path, requireComplete: false, untilCut: true, rundown: trace.Rundown);
                captures.Add(new CensusCapture(trace.ProcessId, trace.Name, trace.OffsetSeconds, snapshot));
            }
            catch (NettraceFormatException e)
            {
                notes.Add($"{trace.Name} ({trace.ProcessId}): its recording could not be read ({e.Message})");
            }
        }
        if (traces.Count == 0)
        {
            notes.Add("no .NET process below the command published a diagnostics endpoint: nothing was recorded");
        }
        var census = CensusAnalyzer.Analyze(captures, new CulpritOptions { UserCodePrefixes = options.UserCodePrefixes });
        var findings = census.Findings
            .Select(f => RepositoryPaths.Relative(f.Site.File) is { } relative ? f with { Site = f.Site with { RepositoryFile = relative } } : f)
            .ToList();
        return census with { Findings = findings, Notes = [.. notes, .. census.Notes] };
    }

    private static async Task WriteAsync(CensusOptions options, CensusResult census, IToolConsole console, IReadOnlySet<string> failing)
    {
        using var buffer = new MemoryStream();
        switch (options.Format)
        {
            case CensusFormat.Json:
                CensusJson.Write(buffer, census);
                break;
            case CensusFormat.Sarif:
                CensusSarif.Write(buffer, census, ToolIdentity.Current().Version);
                break;
            default:
                await using (var writer = new StreamWriter(buffer, leaveOpen: true))
                {
                    CensusText.Write(writer, census, failing);
                }
                break;
        }
        var text = System.Text.Encoding.UTF8.GetString(buffer.ToArray());
        if (options.Output is { } output)
        {
            await File.WriteAllTextAsync(output, text);
            Stderr.Note(console, $"census written to {output}: {census.Findings.Count} finding(s)");
        }
        else
        {
            await console.Out.WriteAsync(text);
            if (!text.EndsWith('\n'))
            {
                await console.Out.WriteLineAsync();
            }
        }
        if (options.JUnit is { } junit)
        {
            await File.WriteAllTextAsync(junit, CensusJUnit.Write(census, failing));
        }
        if (Environment.GetEnvironmentVariable("GITHUB_ACTIONS") == "true")
        {
            // The runner reads workflow commands from stdout; with the census itself on stdout they follow it.
            CensusAnnotations.Write(console.Out, census);
        }
    }
}
