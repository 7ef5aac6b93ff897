using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Cli.Options;
using PoolDoctor.Report.Compare;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Verbs.Compare;

/// <summary>
/// `compare [NAME=]URL... [-- COMMAND ARGS...]`: loads each URL in turn with the built-in generator and prints the
/// before/after table. With -p/-n it also watches the target during each load; with a command after '--' it starts that
/// command afresh for each variant and watches it (peak threads, peak queue length and the verdict per variant).
/// </summary>
internal static class CompareCommand
{
    internal static Command Create(IToolConsole console)
    {
        var target = new TargetOptions();
        var variants = new Argument<string[]>("variants")
        {
            HelpName = "URL",
            Description = "The URLs to load in turn, each optionally named: NAME=URL (default name: the path after /api/diagscenario/). After '--': a command to start afresh for each variant.",
            Arity = ArgumentArity.OneOrMore,
        };
        var connections = ConnectionsOption.Create("Concurrent connections per variant.");
        var duration = DurationOption.Create("--duration", ["-d"], "How long to load each variant (e.g. 10s).", defaultText: "10s");
        var timeout = DurationOption.Create("--timeout", [], "Per-request timeout; requests still in flight at the end get this long to finish.", defaultText: "30s");
        var format = FormatOption.Create("text (default) or json.");
        var protocol = new LoadProtocolOptions();
        var loadRequest = new LoadRequestOptions();
        var children = new ChildOptions(
            "With '-- COMMAND': watch the process below it with this name (as 'ps' shows it; a trailing '*' matches a prefix).",
            "With '-- COMMAND': stream each started command's output to stderr, each line prefixed with [NAME].");
        var command = new Command("compare", "Load each URL in turn and print a before/after table (req/s, latency, errors; watching a target or a fresh process per variant: also peak threads, peak queue and the verdict).")
        {
            variants,
        };
        command.Options.Add(connections);
        command.Options.Add(duration.Option);
        command.Options.Add(timeout.Option);
        protocol.AddTo(command);
        loadRequest.AddTo(command);
        target.AddTo(command);
        children.AddTo(command);
        command.Options.Add(format);
        HelpLayout.SetUsage(command, "compare [NAME=]URL... [options] [-- COMMAND ARGS...]");
        HelpLayout.SetLabel(variants, "[NAME=]URL...");
        VerbAction.Set(command, async (parse, cancellation) =>
        {
            // System.CommandLine puts the tokens after '--' into the same argument: split them off by position.
            var (urls, launch) = DoubleDash.Split(parse.GetValue(variants)!, parse.Tokens);
            if (urls.Count == 0)
            {
                throw new UsageException("name at least one [NAME=]URL before '--'");
            }
            var list = urls.Select(Variant.Parse).ToList();
            var json = parse.GetValue(format) == OutputFormat.Json;
            var spec = target.Read(parse);
            if (spec is not null && launch.Count > 0)
            {
                throw new UsageException(LaunchChecks.TargetAndCommand);
            }
            LaunchChecks.ChildOptionsNeedCommand(parse, launch.Count > 0, children);
            LaunchChecks.AppFileExists(launch);
            var count = parse.GetValue(connections);
            var shape = protocol.Read(parse);
            var request = new CompareOptions(
                list,
                count,
                duration.ReadOrDefault(parse),
                timeout.ReadOrDefault(parse),
                spec,
                launch,
                launch.Count > 0 ? LaunchedChild.PatternFor(launch, parse.GetValue(children.Child)) : null)
            {
                LoadProtocol = shape.Protocol,
                GrpcMessage = shape.GrpcMessage,
                ThinkTime = shape.ThinkTime,
                LoadRequest = loadRequest.Read(parse, shape.Protocol),
            };
            return await RunAsync(console, request, json, parse.GetValue(children.ShowChildIo), cancellation);
        });
        return command;
    }

    private static async Task<RunEnd> RunAsync(IToolConsole console, CompareOptions request, bool json, bool showChildIo, CancellationToken cancellation)
    {
        var status = LiveStatusLine.ForTerminal(console);
        if (showChildIo)
        {
            request = request with { ChildOutput = new ChildOutput(console, request.Command[0], status).Line };
        }
        var result = await CompareRun.RunAsync(request, status, line =>
        {
            status?.Clear();
            console.Error.WriteLine(line);
        }, cancellation);
        status?.Clear();
        console.Out.Write(json ? CompareTableWriter.Json(result.Rows) + Environment.NewLine : CompareTableWriter.Text(result.Rows));
        return cancellation.IsCancellationRequested ? RunEnd.Interrupted() : result.End;
    }
}
