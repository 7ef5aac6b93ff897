using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Collect.Stacks.Nettrace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Turns a nettrace file (recorded by `stacks --output` or by `dotnet-trace collect`) into a <see cref="StackSnapshot"/>:
/// the sample profiler's per-thread stacks with sample counts, and wait spans from the runtime's wait events, each with
/// the ASP.NET Core request its thread served (when the trace saw that request start), and the loaded modules' origins.
/// The file is streamed in one pass by <see cref="NettraceParser"/>; <see cref="CodeMap"/> resolves the stack addresses to
/// methods from the rundown and JIT events in it (no TraceLog conversion, no .etlx file).
/// </summary>
public static class NettraceStackReader
{
    /// <param name="requireComplete">False when the target exited mid-capture: read what reached the file (its methods
    /// may stay unresolved without the rundown) instead of refusing a file without its end-of-stream marker.</param>
    /// <param name="serving">What each thread served when the capture began, as an earlier session saw it (null: unknown).</param>
    /// <param name="symbolsDirectory">A folder with the app's assemblies and PDBs, for a trace recorded on another
    /// machine: its modules are read from there (origins, IL, source lines) instead of the paths the trace names.</param>
    public static StackSnapshot Read(
        string path, bool firstSamplePerThread = false, bool requireComplete = true, IReadOnlyDictionary<int, ServedRequest>? serving = null,
        string? symbolsDirectory = null, bool untilCut = false, string? rundown = null)
    {
        var snapshot = ReadStacks(path, firstSamplePerThread, requireComplete, serving, symbolsDirectory, untilCut, rundown);
        // The app's own assemblies, when they are on this machine, say where in a method the blocking call is and
        // which method the JIT inlined away; framework and packages are not read (not where the fix goes).
        // Library frames' declaring types say which async twins exist, so the advice never offers one that does not.
        var frames = snapshot.Stacks.SelectMany(s => s.Frames).Concat(snapshot.Waits.SelectMany(w => w.Frames));
        var leaves = LeafLibraryGraph.Read(snapshot);
        return snapshot with
        {
            CallGraph = WithoutLines(AssemblyCallGraphReader.ReadApp(snapshot.Modules), snapshot.OtherBuildModules),
            LeafLibraryCallGraph = leaves,
            DeclaredApis = DeclaredApiReader.Read(frames.Concat(LeafLibraryGraph.PackageMembers(leaves, snapshot.Modules)), snapshot.Modules),
        };
    }

    internal static Model.CallGraphs.CallGraph WithoutLines(Model.CallGraphs.CallGraph graph, IReadOnlyList<string> otherBuilds)
    {
        if (otherBuilds.Count == 0)
        {
            return graph;
        }
        var names = new HashSet<string>(otherBuilds, StringComparer.OrdinalIgnoreCase);
        bool Other(string module) => names.Contains(System.IO.Path.GetFileNameWithoutExtension(module)) || names.Contains(module);
        return graph with { Methods = [.. graph.Methods.Select(m => Other(m.Module) ? m with { SequencePoints = [] } : m)] };
    }

    internal static StackSnapshot ReadStacks(string path, bool firstSamplePerThread, bool requireComplete, IReadOnlyDictionary<int, ServedRequest>? serving, string? symbols, bool untilCut = false, string? rundown = null)
    {
        var aggregation = new StackAggregation(firstSamplePerThread, serving);
        StackTraceEvents trace;
        try
        {
            trace = Parse(path, requireComplete, aggregation, untilCut, rundown);
        }
        catch (NettraceVersionException e)
        {
            return ReadNewerFormat(path, e.Version, firstSamplePerThread, symbols);
        }
        return Collect(trace, aggregation, symbols);
    }

    /// <summary>
    /// A format newer than this reader knows (6: `dotnet-trace collect-linux`, TraceEvent's own writer) goes to
    /// TraceEvent's TraceLog, which reads every format TraceEvent knows; slower, and said once. Requests served before
    /// the capture are not joined on this route (the tool's own captures are always format 5).
    /// </summary>
    private static StackSnapshot ReadNewerFormat(string path, int version, bool firstSamplePerThread, string? symbols)
    {
        StackSnapshot snapshot;
        try
        {
            snapshot = TraceLogFallback.TraceLogStackReader.Read(path, firstSamplePerThread, symbols);
        }
        catch (Exception e)
        {
            // OutOfMemoryException included: a damaged size makes TraceEvent ask for one impossible array, which fails
            // alone (the process's memory is untouched), and the file is refused like any other damage.
            throw new NettraceFormatException($"'{path}' is nettrace format {version}, which neither this reader (formats {NettraceParser.MinFormat}-{NettraceParser.MaxFormat}) nor TraceEvent could read ({e.GetType().Name}: {Dumps.DumpStackReader.OneLine(e.Message)})", e);
        }
        return snapshot with
        {
            Missing = [$"nettrace format {version}: read with TraceEvent's TraceLog (this reader knows formats {NettraceParser.MinFormat}-{NettraceParser.MaxFormat}; slower)", .. snapshot.Missing],
        };
    }

    /// <summary>
    /// The file's stacks and what their addresses resolve to, and its events: aggregated as they stream into
    /// <paramref name="aggregation"/> when given (memory follows distinct stacks, methods, thread × stack × request keys,
    /// wait spans and requests, not the number of events), else kept in time order in <see cref="StackTraceEvents.Rows"/>.
    /// The file is streamed (a gzip file is expanded to a temporary file first), never held whole.
    /// </summary>
    internal static StackTraceEvents Parse(string path, bool requireComplete, StackAggregation? aggregation = null, bool untilCut = false, string? rundown = null)
    {
        var plain = path.EndsWith(".gz", StringComparison.OrdinalIgnoreCase) ? GzipTrace.Expand(path) : path;
        try
        {
            NettraceFileCheck.EnsureNettrace(plain, path, requireComplete);
            var events = new StackTraceEvents(new StackTable(), aggregation);
            try
            {
                using var file = new FileStream(plain, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, FileOptions.SequentialScan);
                if (untilCut)
                {
                    events.Code.KeepPathSpelling = true;
                    NettraceParser.ParseUntilCut(file, events, events.Stacks);
                    if (rundown is not null && File.Exists(rundown))
                    {
                        ReadRundown(rundown, events);
                    }
                }
                else
                {
                    NettraceParser.Parse(file, events, events.Stacks);
                }
            }
            catch (NettraceVersionException)
            {
                throw;
            }
            catch (NettraceFormatException e)
            {
                throw new NettraceFormatException($"'{path}' is not a readable nettrace file ({e.Message})", e);
            }
            catch (Exception e) when (e is OverflowException or ArgumentException or InvalidOperationException or IndexOutOfRangeException)
            {
                throw new NettraceFormatException($"'{path}' is not a readable nettrace file ({e.GetType().Name}: {e.Message})", e);
            }
            events.Code.Finish();
            return events;
        }
        finally
        {
            if (plain != path)
            {
                TraceFile.TryDelete(plain);
            }
        }
    }

    // Read after the main file: its method events name the addresses the main file's stacks hold.
    private static void ReadRundown(string rundown, StackTraceEvents events)
    {
        var plain = rundown.EndsWith(".gz", StringComparison.OrdinalIgnoreCase) ? GzipTrace.Expand(rundown) : rundown;
        try
        {
            using var names = new FileStream(plain, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, FileOptions.SequentialScan);
            NettraceParser.ParseRundown(names, events, events.Stacks);
        }
        finally
        {
            if (plain != rundown)
            {
                TraceFile.TryDelete(plain);
            }
        }
    }

    /// <summary>Groups events kept in <see cref="StackTraceEvents.Rows"/> (a trace parsed without aggregation).</summary>
    internal static StackSnapshot Collect(StackTraceEvents trace, bool firstSamplePerThread, IReadOnlyDictionary<int, ServedRequest>? serving, string? symbols)
    {
        var aggregation = new StackAggregation(firstSamplePerThread, serving);
        foreach (var e in trace.Rows)
        {
            aggregation.Add(e);
        }
        return Collect(trace, aggregation, symbols);
    }

    private static StackSnapshot Collect(StackTraceEvents trace, StackAggregation aggregation, string? symbols)
    {
        using var sources = new SourceLocator(symbols);
        var modules = TracedModules.Resolve([.. trace.Code.Modules.Select(m => (m.Name, m.FilePath, m.PdbSignature))], sources);
        var frames = new FrameResolver(trace.Stacks, trace.Code, sources, modules.Located);
        var processId = trace.EventCount > 0 ? trace.Header.ProcessId : 0;
        var stacks = aggregation.Stacks(frames.Frames);
        var waits = aggregation.Waits(trace.EndMSec, frames.Frames);
        return new StackSnapshot(Math.Max(0, processId), aggregation.WindowSeconds, stacks, waits)
        {
            Modules = modules.Modules,
            Missing = modules.Missing(frames.Stats, sources, symbols),
            OtherBuildModules = [.. modules.OtherBuilds.Keys],
        };
    }
}
