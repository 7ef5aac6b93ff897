using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Verbs.Dump;

/// <summary>
/// `dump`: a core dump of a live .NET process, written by the runtime's own writer (as dotnet-dump does), for
/// `analyze` here or for any dump debugger later. The target pauses while its memory is copied, then goes on.
/// </summary>
internal static class DumpCommand
{
    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var output = PathOptions.OutputFile("--output", ["-o"], "FILE", "Where to write the dump (default: ./core_YYYYMMDD_HHMMSS_PID in the current folder).", "app.core");
        var type = DumpKindOption.Create("--type", "mini, heap, full (dotnet-dump's default too) or triage. 'analyze' needs heap or full for queued work items. [default: full]");
        var command = new Command("dump", "Write a core dump of a live .NET process with the runtime's own dump writer.");
        target.AddTo(command);
        command.Options.Add(output);
        command.Options.Add(type);
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            var spec = target.ReadRequired(parse);
            var kind = parse.GetValue(type) ?? DumpKind.Full;
            var path = parse.GetValue(output)?.ToString();
            await using var attached = await AttachOrFail(spec, cancellation);
            path ??= $"core_{DateTime.Now:yyyyMMdd_HHmmss}_{attached.ProcessId}";
            long size;
            try
            {
                // The runtime writes the file and says nothing until it is done (seconds to minutes for a large heap).
                await using var progress = ProgressLine.Start(
                    console,
                    $"writing the {kind.ToString().ToLowerInvariant()} dump to {path}", ProgressLine.FileSize(Path.GetFullPath(path)));
                size = await DumpWriter.WriteAsync(attached, path, kind, cancellation);
            }
            catch (AttachException e)
            {
                throw new RunFailedException(e.Message, e);
            }
            console.Out.WriteLine($"{Path.GetFullPath(path)}  {size / (1024.0 * 1024.0):F1} MB ({kind.ToString().ToLowerInvariant()} dump of {(attached.ProcessId > 0 ? $"process {attached.ProcessId}" : "the target")})");
            return RunEnd.Ok;
        });
        return command;
    }

    private static async Task<AttachedTarget> AttachOrFail(Collect.Attach.TargetSpec spec, CancellationToken cancellation)
    {
        try
        {
            return await AttachedTarget.AttachAsync(spec, cancellation);
        }
        catch (AttachException e)
        {
            throw new RunFailedException(e.Message, e);
        }
    }
}
