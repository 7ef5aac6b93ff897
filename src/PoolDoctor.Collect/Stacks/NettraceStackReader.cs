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
        string? symbolsDirectory = null)
    {
        var snapshot = ReadStacks(path, firstSamplePerThread, requireComplete, serving, symbolsDirectory);
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

    internal static StackSnapshot ReadStacks(string path, bool firstSamplePerThread, bool requireComplete, IReadOnlyDictionary<int, ServedRequest>? serving, string? symbols)
    {
        StackTraceEvents trace;
        try
        {
            trace = Parse(path, requireComplete);
        }
        catch (NettraceVersionException e)
        {
            return ReadNewerFormat(path, e.Version, firstSamplePerThread, symbols);
        }
        return Collect(trace, firstSamplePerThread, serving, symbols);
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
    /// The file's events in time order, its stacks and what their addresses resolve to (no grouping yet). The file is
    /// streamed (a gzip file is expanded to a temporary file first): memory follows the trace's content (events kept,
    /// distinct stacks and methods), not its size in bytes.
    /// </summary>
    internal static StackTraceEvents Parse(string path, bool requireComplete)
    {
        var plain = path.EndsWith(".gz", StringComparison.OrdinalIgnoreCase) ? GzipTrace.Expand(path) : path;
        try
        {
            NettraceFileCheck.EnsureNettrace(plain, path, requireComplete);
            var events = new StackTraceEvents(new StackTable());
            try
            {
                using var file = new FileStream(plain, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, FileOptions.SequentialScan);
                NettraceParser.Parse(file, events, events.Stacks);
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

    internal static StackSnapshot Collect(StackTraceEvents trace, bool firstSamplePerThread, IReadOnlyDictionary<int, ServedRequest>? serving, string? symbols)
    {
        using var sources = new SourceLocator(symbols);
        var traced = trace.Code.Modules;
        var modules = ModuleOrigins.Classify(traced.Select(m => new LoadedModule(m.Name, LocalPath(m.FilePath, sources))));
        // A local copy of another build (a symbols folder from a later commit, a redeployed app) would give wrong lines
        // for the traced code: such a module's frames get none, and its IL lends names and calls but no lines.
        var otherBuilds = OtherBuilds(traced, modules);
        // Only the app's own code is where the fix goes; framework PDBs are not on the machine anyway.
        var located = modules
            .Where(m => m.Origin is ModuleOrigin.App or ModuleOrigin.Unknown && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path) && !otherBuilds.ContainsKey(m.Name))
            .ToDictionary(m => m.Name, m => m.Path, StringComparer.OrdinalIgnoreCase);
        // Every app module's PDB is checked, another build's too: what else it lacks is said as well.
        foreach (var module in modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path)))
        {
            sources.Check(module.Path);
        }
        var frames = new FrameResolver(trace.Stacks, trace.Code, sources, located);
        var requests = new RequestTracker();
        if (serving is not null)
        {
            requests.Seed(serving);
        }
        var samples = new Dictionary<(int Thread, int Stack, int Request), int>();
        var waits = new WaitSpanBuilder(frames, requests);
        var sampledThreads = new HashSet<int>();
        // Per thread, the samples taken since its last request event while it served no known request.
        var unknown = new Dictionary<int, Dictionary<int, int>>();
        double firstSample = double.MaxValue, lastSample = double.MinValue;
        foreach (var e in trace.Rows)
        {
            switch (e.Kind)
            {
                case RuntimeEventKind.ThreadSample:
                    if (e.Stack == StackTable.None)
                    {
                        continue;
                    }
                    firstSample = Math.Min(firstSample, e.TimeMSec);
                    lastSample = Math.Max(lastSample, e.TimeMSec);
                    if (!sampledThreads.Add(e.ThreadId) && firstSamplePerThread)
                    {
                        continue;
                    }
                    var key = (e.ThreadId, e.Stack, requests.At(e.ThreadId));
                    samples[key] = samples.GetValueOrDefault(key) + 1;
                    if (key.Item3 == RequestTracker.None)
                    {
                        var pending = unknown.TryGetValue(e.ThreadId, out var p) ? p : unknown[e.ThreadId] = [];
                        pending[e.Stack] = pending.GetValueOrDefault(e.Stack) + 1;
                    }
                    break;
                case RuntimeEventKind.AspNetCore:
                    if (e.Bridged is { } bridged)
                    {
                        requests.Add(e.ThreadId, bridged);
                    }
                    if (requests.FinishedUnseen is { } finished && unknown.TryGetValue(e.ThreadId, out var served))
                    {
                        Relabel(samples, e.ThreadId, served, finished);
                    }
                    unknown.Remove(e.ThreadId);
                    break;
                default:
                    waits.Add(e);
                    break;
            }
        }

        // Requests differ by identity while sampling; once their contexts are known, equal contexts merge.
        var stacks = samples
            .GroupBy(s => (s.Key.Thread, s.Key.Stack, Request: requests.Context(s.Key.Request)))
            .Select(g => new ThreadStack(g.Key.Thread, frames.Frames(g.Key.Stack), g.Sum(s => s.Value)) { Request = g.Key.Request })
            .Where(s => s.Frames.Count > 0)
            .OrderBy(s => s.ThreadId)
            .ToList();
        var window = lastSample >= firstSample ? (lastSample - firstSample) / 1000.0 : 0;
        var processId = trace.Rows.Count > 0 ? trace.Header.ProcessId : 0;
        return new StackSnapshot(Math.Max(0, processId), window, stacks, waits.Finish(trace.EndMSec))
        {
            Modules = modules,
            Missing = [.. otherBuilds.Values, .. SymbolGaps.Describe(frames.Stats, sources, symbols, located.Count + otherBuilds.Count)],
            OtherBuildModules = [.. otherBuilds.Keys],
        };
    }

    private static Dictionary<string, string> OtherBuilds(IReadOnlyList<TracedModule> traced, IReadOnlyList<ModuleInfo> modules)
    {
        var found = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var module in modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path)))
        {
            var file = traced.FirstOrDefault(f => string.Equals(f.Name, module.Name, StringComparison.OrdinalIgnoreCase));
            if (file is not null && AssemblyBuildId.Mismatch(module.Name, module.Path, file.PdbSignature) is { } line)
            {
                found[module.Name] = line;
            }
        }
        return found;
    }

    // A symbols directory's copy of a module stands in for the path the trace recorded on its own machine.
    private static string LocalPath(string recorded, SourceLocator sources) =>
        string.IsNullOrEmpty(recorded) ? recorded : sources.Resolve(recorded) ?? recorded;

    // A request that ran before the session and ended on this thread: the thread's unlabelled samples since its last
    // request event were that request (a blocked handler resumes and finishes on the thread it blocked).
    private static void Relabel(
        Dictionary<(int Thread, int Stack, int Request), int> samples, int thread, Dictionary<int, int> served, int request)
    {
        foreach (var (stack, count) in served)
        {
            var from = (thread, stack, RequestTracker.None);
            var left = samples.GetValueOrDefault(from) - count;
            if (left > 0)
            {
                samples[from] = left;
            }
            else
            {
                samples.Remove(from);
            }
            var to = (thread, stack, request);
            samples[to] = samples.GetValueOrDefault(to) + count;
        }
    }
}
