using System.Diagnostics;
using Microsoft.Diagnostics.Tracing.Etlx;
using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Stacks;

// Times each stage of reading one stacks trace, in a fresh process per route so the first run includes the JIT's cost
// as a CLI run does; later runs in the same process show the warm cost.
//   tracelog: TraceEvent's conversion to .etlx, opening it, walking the events and resolving every distinct stack
//             (names and IL offsets, as the tool's reader did before), then module origins and the app's IL (call
//             graph). It reads no PDB lines, so it is a floor for the old reader, not all of it.
//   lean:     the tool's own reader: parse + order + resolve the nettrace, group into the snapshot (with PDB lines),
//             then the app's IL.
if (args.Length < 2 || args[0] is not ("tracelog" or "lean") || !File.Exists(args[1]))
{
    Console.Error.WriteLine("usage: ReadSplit tracelog|lean FILE.nettrace [RUNS=3]");
    return 2;
}
var runs = args.Length > 2 ? int.Parse(args[2], System.Globalization.CultureInfo.InvariantCulture) : 3;
for (var run = 1; run <= runs; run++)
{
    Console.WriteLine($"{args[0]} run {run}: {(args[0] == "lean" ? Lean(args[1]) : ViaTraceLog(args[1]))}");
}
return 0;

static string Lean(string path)
{
    var clock = Stopwatch.StartNew();
    var events = NettraceStackReader.Parse(path, requireComplete: true);
    var parsed = clock.Elapsed;
    var snapshot = NettraceStackReader.Collect(events, firstSamplePerThread: false, serving: null, symbols: null);
    var grouped = clock.Elapsed;
    var graph = AssemblyCallGraphReader.ReadApp(snapshot.Modules);
    var total = clock.Elapsed;
    return $"parse+order+resolve {S(parsed)}, group+frames+PDB lines {S(grouped - parsed)}, app IL {S(total - grouped)}, total {S(total)} " +
        $"({snapshot.Stacks.Count} thread stacks in the snapshot, {graph.Methods.Count} IL methods)";
}

static string ViaTraceLog(string path)
{
    var etlx = Path.Combine(Path.GetTempPath(), $"readsplit-{Guid.NewGuid():N}.etlx");
    try
    {
        var clock = Stopwatch.StartNew();
        TraceLog.CreateFromEventPipeDataFile(path, etlx, new TraceLogOptions { ConversionLog = TextWriter.Null });
        var converted = clock.Elapsed;
        using var log = new TraceLog(etlx);
        var opened = clock.Elapsed;
        var stacks = new HashSet<CallStackIndex>();
        foreach (var e in log.Events)
        {
            if (RuntimeEvents.Classify(e) != RuntimeEventKind.Other && e.CallStackIndex() is var stack && stack != CallStackIndex.Invalid)
            {
                stacks.Add(stack);
            }
        }
        var walked = clock.Elapsed;
        var frames = 0;
        foreach (var stack in stacks)
        {
            for (var at = stack; at != CallStackIndex.Invalid; at = log.CallStacks.Caller(at))
            {
                var address = log.CallStacks.CodeAddressIndex(at);
                _ = log.CodeAddresses.Methods.FullMethodName(log.CodeAddresses.MethodIndex(address));
                _ = log.CodeAddresses.ILOffset(address);
                frames++;
            }
        }
        var resolved = clock.Elapsed;
        var modules = ModuleOrigins.Classify(log.ModuleFiles.Select(m => new LoadedModule(m.Name, m.FilePath)));
        var graph = AssemblyCallGraphReader.ReadApp(modules);
        var total = clock.Elapsed;
        return $"convert to etlx {S(converted)}, open etlx {S(opened - converted)}, walk events {S(walked - opened)}, resolve frames {S(resolved - walked)}, " +
            $"module origins + app IL {S(total - resolved)}, total {S(total)} ({stacks.Count} distinct stacks of the events read, {frames} frames, {graph.Methods.Count} IL methods)";
    }
    finally
    {
        File.Delete(etlx);
    }
}

static string S(TimeSpan t) => $"{t.TotalSeconds:F3} s";
