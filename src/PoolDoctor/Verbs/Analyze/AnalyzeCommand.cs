using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Collect.Inputs;
using PoolDoctor.Runs.Stacks;

namespace PoolDoctor.Verbs.Analyze;

/// <summary>
/// `analyze FILE.nettrace`: the grouped stacks and culprits of a recorded trace, from `stacks --output` or from
/// `dotnet-trace collect --clrevents waithandle --clreventlevel verbose`; or of a core dump (`dump`, dotnet-dump,
/// createdump), recognised by its ELF core header, with the thread pool's state beside them.
/// </summary>
internal static class AnalyzeCommand
{
    internal static Command Create(IToolConsole console)
    {
        var file = new Argument<string>("FILE") { HelpName = "FILE", Description = "A .nettrace file with sample-profiler stacks (stacks --output, or dotnet-trace collect), or a core dump (dump, dotnet-dump collect)." };
        var symbols = new Option<DirectoryInfo?>("--symbols") { HelpName = "DIR", Description = "A directory with the app's assemblies and PDBs, for a trace or dump recorded on another machine (file:line, user code, IL)." };
        var display = new StackDisplayOptions();
        var command = new Command("analyze", "Group the stacks of a recorded .nettrace or a core dump and name the code that blocks the thread pool.") { file, symbols };
        display.AddTo(command);
        HelpLayout.SetUsage(command, "analyze FILE [options]");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var path = parse.GetValue(file)!;
            var how = display.Read(parse);
            // A folder that is not there is a missing input (exit 1), as a missing FILE is, so it is checked here, not by the parser.
            var symbolsDirectory = parse.GetValue(symbols) is { } given
                ? given.Exists ? given.FullName : throw new RunFailedException($"--symbols: no such directory '{given}'")
                : null;
            // Opened once and told apart by its first bytes: a pipe (<(zcat t.gz), /dev/fd/N) cannot be read twice.
            using var input = await InputFile.OpenAsync(path, InputWait, Expected, cancellation);
            try
            {
                if (input.Kind == InputKind.Elf)
                {
                    return await AnalyzeDumpAsync(console, input.Path, path, how, symbolsDirectory, cancellation);
                }
                var snapshot = await CaptureFileReader.ReadAsync(input.Path, firstSamplePerThread: false, cancellation, symbolsDirectory: symbolsDirectory);
                foreach (var missing in snapshot.Missing)
                {
                    Stderr.Note(console, missing);
                }
                if (snapshot.Stacks.Count == 0 && snapshot.Waits.Count == 0)
                {
                    throw new RunFailedException($"'{path}' holds no sample-profiler stacks or wait events (record it with 'stacks --output', or dotnet-trace with the sample profiler or --clrevents waithandle)");
                }
                StackOutput.Write(console, StackReportBuilder.Build(Path.GetFileName(path), snapshot, how), how.Format);
                return RunEnd.Ok;
            }
            catch (RunFailedException e) when (input.IsCopy)
            {
                throw new RunFailedException(input.InUserTerms(e.Message), e);
            }
        });
        return command;
    }

    /// <summary>How long a named pipe or device has to open and give its first bytes.</summary>
    private static readonly TimeSpan InputWait = TimeSpan.FromSeconds(5);

    private const string Expected = "a .nettrace trace (or .nettrace.gz) or a core dump";

    private static async Task<RunEnd> AnalyzeDumpAsync(IToolConsole console, string path, string name, StackDisplay how, string? symbolsDirectory, CancellationToken cancellation)
    {
        DumpContents dump;
        // ClrMD reports nothing while it reads; a dump of hundreds of MB takes seconds to minutes.
        await using (ProgressLine.Start(console, $"reading the dump {Path.GetFileName(name)} ({new FileInfo(path).Length / (1024.0 * 1024.0):F0} MB)", () => null))
        {
            dump = await DumpAnalysis.ReadAsync(path, cancellation, symbolsDirectory);
        }
        foreach (var warning in dump.Warnings)
        {
            Stderr.Warning(console, warning);
        }
        if (dump.Snapshot.Stacks.Count == 0)
        {
            throw new RunFailedException($"'{name}' is a dump of .NET {dump.RuntimeVersion} but no managed thread had a readable stack (the dump may be truncated)");
        }
        var report = StackReportBuilder.Build(Path.GetFileName(name), dump.Snapshot, how) with
        {
            Note = DumpAnalysis.OneInstant,
            FromDump = true,
            ThreadPool = dump.ThreadPool,
        };
        StackOutput.Write(console, report, how.Format);
        return RunEnd.Ok;
    }
}
