using System.CommandLine;
using PoolDoctor.Cli.Stacks;

namespace PoolDoctor.Cli.Commands;

/// <summary>
/// `analyze FILE.nettrace`: the grouped stacks and culprits of a recorded trace, from `stacks --output` or from
/// `dotnet-trace collect --clrevents waithandle --clreventlevel verbose`.
/// </summary>
internal static class AnalyzeCommand
{
    public static Command Create()
    {
        var file = new Argument<string>("FILE") { Description = "A .nettrace file with sample-profiler stacks (stacks --output, or dotnet-trace collect)." };
        var symbols = new Option<string?>("--symbols") { Description = "A directory with the app's assemblies and PDBs, for a trace recorded on another machine (file:line, user code, IL)." };
        var display = new StackDisplayOptions();
        var command = new Command("analyze", "Group the stacks of a recorded .nettrace and name the code that blocks the thread pool.") { file, symbols };
        display.AddTo(command);
        command.SetAction(async (parse, cancellation) =>
        {
            var path = parse.GetValue(file)!;
            var how = display.Read(parse);
            var symbolsDirectory = parse.GetValue(symbols);
            if (symbolsDirectory is not null && !Directory.Exists(symbolsDirectory))
            {
                throw new RunFailedException($"--symbols: no such directory '{symbolsDirectory}'");
            }
            var snapshot = await TraceReading.ReadAsync(path, firstSamplePerThread: false, cancellation, symbolsDirectory: symbolsDirectory);
            foreach (var missing in snapshot.Missing)
            {
                Console.Error.WriteLine($"{CliApp.ToolName}: note: {missing}");
            }
            if (snapshot.Stacks.Count == 0 && snapshot.Waits.Count == 0)
            {
                throw new RunFailedException($"'{path}' holds no sample-profiler stacks or wait events (record it with 'stacks --output', or dotnet-trace with the sample profiler or --clrevents waithandle)");
            }
            StackOutput.Write(StackReportBuilder.Build(Path.GetFileName(path), snapshot, how), how.Format);
            return ExitCodes.Ok;
        });
        return command;
    }
}
