using System.CommandLine;
using PoolDoctor.Cli.Doctor;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Report.Compare;

namespace PoolDoctor.Cli.Commands;

/// <summary>
/// `compare [NAME=]URL...`: loads each URL in turn with the built-in generator and prints the before/after table.
/// With -p/-n it also watches the target during each load: peak threads, peak queue length and the verdict per variant.
/// </summary>
internal static class CompareCommand
{
    public static Command Create()
    {
        var target = new TargetOptions();
        var variants = new Argument<string[]>("variants")
        {
            Description = "The URLs to load in turn, each optionally named: NAME=URL (default name: the path after /api/diagscenario/).",
            Arity = ArgumentArity.OneOrMore,
        };
        var connections = new Option<int>("--connections", "-c") { Description = "Concurrent connections per variant.", DefaultValueFactory = _ => 125 };
        var duration = new Option<string>("--duration", "-d") { Description = "How long to load each variant (e.g. 10s).", DefaultValueFactory = _ => "10s" };
        var timeout = new Option<string>("--timeout") { Description = "Per-request timeout; requests still in flight at the end get this long to finish.", DefaultValueFactory = _ => "30s" };
        var format = FormatOption.Create("text (default) or json.");
        var protocol = new LoadProtocolOptions();
        var command = new Command("compare", "Load each URL in turn and print a before/after table (req/s, latency, errors; with -p/-n also peak threads, peak queue and the verdict).")
        {
            variants,
        };
        command.Options.Add(connections);
        command.Options.Add(duration);
        command.Options.Add(timeout);
        protocol.AddTo(command);
        target.AddTo(command);
        command.Options.Add(format);
        command.SetAction(async (parse, cancellation) =>
        {
            var list = parse.GetValue(variants)!.Select(Variant.Parse).ToList();
            var json = parse.GetValue(format) == OutputFormat.Json;
            var spec = target.Read(parse);
            var each = DurationOption.Parse(parse.GetValue(duration)!, "--duration");
            var limit = DurationOption.Parse(parse.GetValue(timeout)!, "--timeout");
            var count = parse.GetValue(connections);
            if (count < 1)
            {
                throw new UsageException($"--connections: must be at least 1 (got {count})");
            }
            var (loadProtocol, grpcMessage) = protocol.Read(parse);
            return await RunAsync(list, count, each, limit, spec, json, (loadProtocol, grpcMessage), cancellation);
        });
        return command;
    }

    private static async Task<int> RunAsync(IReadOnlyList<Variant> variants, int connections, TimeSpan duration, TimeSpan timeout, TargetSpec? spec, bool json,
        (Load.LoadProtocol Protocol, byte[] Message) wire, CancellationToken cancellation)
    {
        await using var attached = spec is null ? null : await AttachedTarget.AttachAsync(spec, cancellation);
        var rows = new List<CompareRow>();
        var status = LiveStatusLine.ForTerminal();
        foreach (var variant in variants)
        {
            if (cancellation.IsCancellationRequested)
            {
                break;
            }
            Console.Error.WriteLine($"Loading {variant.Name} ({variant.Url}) for {duration.TotalSeconds:0.#} s with {connections} connections{(attached is null ? "" : $", watching pid {attached.ProcessId}")}");
            var result = await VariantRunner.RunAsync(variant, connections, duration, timeout, attached, captureStacks: false, status, cancellation,
                protocol: wire.Protocol, grpcMessage: wire.Message);
            status?.Clear();
            rows.Add(result.Row);
            if (result.Watch is { End: DiagnosisEnd.TargetExited } gone)
            {
                Stderr.Error($"{gone.EndMessage}; stopping the comparison");
                break;
            }
        }
        Console.Out.Write(json ? CompareTableWriter.Json(rows) + Environment.NewLine : CompareTableWriter.Text(rows));
        if (cancellation.IsCancellationRequested)
        {
            return ExitCodes.Interrupted;
        }
        return rows.Count == variants.Count ? ExitCodes.Ok : ExitCodes.RunFailed;
    }
}
