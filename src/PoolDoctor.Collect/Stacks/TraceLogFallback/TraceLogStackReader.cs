using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks.TraceLogFallback;

/// <summary>
/// The stack reader through TraceEvent's TraceLog (the file converted to an .etlx, stacks resolved by TraceLog), then
/// the same grouping as <see cref="NettraceStackReader"/> (samples per thread, stack and request; wait spans; modules;
/// missing notes). The tool's own reader is 3-4 times faster, so this route serves only nettrace formats it does not
/// know (6 and later, which TraceEvent reads); the unit tests also keep it as the oracle the own reader must agree with.
/// </summary>
internal static class TraceLogStackReader
{
    private const int SynchronousBehavior = 1;

    public static StackSnapshot Read(string path, bool firstSamplePerThread = false, string? symbols = null)
    {
        var plain = path.EndsWith(".gz", StringComparison.OrdinalIgnoreCase) ? GzipTrace.Expand(path) : path;
        var etlx = Path.Combine(Path.GetTempPath(), $"pooldoctor-oracle-{Guid.NewGuid():N}.etlx");
        try
        {
            TraceLog.CreateFromEventPipeDataFile(plain, etlx, new TraceLogOptions { ConversionLog = TextWriter.Null });
            using var log = new TraceLog(etlx);
            return Collect(log, firstSamplePerThread, symbols);
        }
        finally
        {
            TraceFile.TryDelete(etlx);
            if (plain != path)
            {
                TraceFile.TryDelete(plain);
            }
        }
    }

    private static StackSnapshot Collect(TraceLog log, bool firstSamplePerThread, string? symbols)
    {
        using var sources = new SourceLocator(symbols);
        var modules = ModuleOrigins.Classify(log.ModuleFiles.Select(m =>
            new LoadedModule(m.Name, string.IsNullOrEmpty(m.FilePath) ? m.FilePath : sources.Resolve(m.FilePath) ?? m.FilePath)));
        var otherBuilds = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var module in modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path)))
        {
            var traced = log.ModuleFiles.FirstOrDefault(f => string.Equals(f.Name, module.Name, StringComparison.OrdinalIgnoreCase));
            if (traced is not null && AssemblyBuildId.Mismatch(module.Name, module.Path, traced.PdbSignature) is { } line)
            {
                otherBuilds[module.Name] = line;
            }
        }
        var located = modules
            .Where(m => m.Origin is ModuleOrigin.App or ModuleOrigin.Unknown && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path) && !otherBuilds.ContainsKey(m.Name))
            .ToDictionary(m => m.Name, m => m.Path, StringComparer.OrdinalIgnoreCase);
        foreach (var module in modules.Where(m => m.Origin == ModuleOrigin.App && !string.IsNullOrEmpty(m.Path) && File.Exists(m.Path)))
        {
            sources.Check(module.Path);
        }
        var frames = new TraceLogFrames(log, sources, located);
        var requests = new RequestTracker();
        var samples = new Dictionary<(int Thread, CallStackIndex Stack, int Request), int>();
        var open = new Dictionary<(int Thread, WaitSource Source), (double Start, CallStackIndex Stack, int Request)>();
        var spans = new List<(WaitSpan Span, int Request)>();
        var sampledThreads = new HashSet<int>();
        var unknown = new Dictionary<int, Dictionary<CallStackIndex, int>>();
        var processId = 0;
        double firstSample = double.MaxValue, lastSample = double.MinValue;

        void Open(WaitSource source, TraceEvent e) => open[(e.ThreadID, source)] = (e.TimeStampRelativeMSec, e.CallStackIndex(), requests.At(e.ThreadID));
        void Close(WaitSource source, TraceEvent e)
        {
            if (open.Remove((e.ThreadID, source), out var start))
            {
                spans.Add((new WaitSpan(e.ThreadID, source, e.TimeStampRelativeMSec - start.Start, frames.Frames(start.Stack)), start.Request));
            }
        }

        foreach (var e in log.Events)
        {
            var kind = RuntimeEvents.Classify(e);
            if (processId <= 0 && kind != RuntimeEventKind.Other)
            {
                processId = e.ProcessID;
            }
            switch (kind)
            {
                case RuntimeEventKind.ThreadSample:
                    var stack = e.CallStackIndex();
                    if (stack == CallStackIndex.Invalid)
                    {
                        continue;
                    }
                    firstSample = Math.Min(firstSample, e.TimeStampRelativeMSec);
                    lastSample = Math.Max(lastSample, e.TimeStampRelativeMSec);
                    if (!sampledThreads.Add(e.ThreadID) && firstSamplePerThread)
                    {
                        continue;
                    }
                    var key = (e.ThreadID, stack, requests.At(e.ThreadID));
                    samples[key] = samples.GetValueOrDefault(key) + 1;
                    if (key.Item3 == RequestTracker.None)
                    {
                        var pending = unknown.TryGetValue(e.ThreadID, out var p) ? p : unknown[e.ThreadID] = [];
                        pending[stack] = pending.GetValueOrDefault(stack) + 1;
                    }
                    break;
                case RuntimeEventKind.AspNetCore:
                    requests.Add(e);
                    if (requests.FinishedUnseen is { } finished && unknown.TryGetValue(e.ThreadID, out var served))
                    {
                        foreach (var (servedStack, count) in served)
                        {
                            var from = (e.ThreadID, servedStack, RequestTracker.None);
                            var left = samples.GetValueOrDefault(from) - count;
                            if (left > 0)
                            {
                                samples[from] = left;
                            }
                            else
                            {
                                samples.Remove(from);
                            }
                            var to = (e.ThreadID, servedStack, finished);
                            samples[to] = samples.GetValueOrDefault(to) + count;
                        }
                    }
                    unknown.Remove(e.ThreadID);
                    break;
                case RuntimeEventKind.WaitHandleStart:
                    Open(WaitSource.WaitHandle, e);
                    break;
                case RuntimeEventKind.WaitHandleStop:
                    Close(WaitSource.WaitHandle, e);
                    break;
                case RuntimeEventKind.ContentionStart:
                    Open(WaitSource.Contention, e);
                    break;
                case RuntimeEventKind.ContentionStop:
                    Close(WaitSource.Contention, e);
                    break;
                case RuntimeEventKind.TaskWaitBegin:
                    if (e.PayloadByName("Behavior") is { } behavior && Convert.ToInt32(behavior, System.Globalization.CultureInfo.InvariantCulture) == SynchronousBehavior)
                    {
                        Open(WaitSource.TaskWait, e);
                    }
                    break;
                case RuntimeEventKind.TaskWaitEnd:
                    Close(WaitSource.TaskWait, e);
                    break;
            }
        }
        foreach (var ((thread, source), (start, stack, request)) in open)
        {
            spans.Add((new WaitSpan(thread, source, Math.Max(0, log.SessionEndTimeRelativeMSec - start), frames.Frames(stack)), request));
        }
        var waits = spans.Select(s => s.Span with { Request = requests.Context(s.Request) }).OrderBy(s => s.ThreadId).ToList();
        var stacks = samples
            .GroupBy(s => (s.Key.Thread, s.Key.Stack, Request: requests.Context(s.Key.Request)))
            .Select(g => new ThreadStack(g.Key.Thread, frames.Frames(g.Key.Stack), g.Sum(s => s.Value)) { Request = g.Key.Request })
            .Where(s => s.Frames.Count > 0)
            .OrderBy(s => s.ThreadId)
            .ToList();
        var window = lastSample >= firstSample ? (lastSample - firstSample) / 1000.0 : 0;
        return new StackSnapshot(Math.Max(0, processId), window, stacks, waits)
        {
            Modules = modules,
            Missing = [.. otherBuilds.Values, .. SymbolGaps.Describe(frames.Stats, sources, symbols, located.Count + otherBuilds.Count)],
            OtherBuildModules = [.. otherBuilds.Keys],
        };
    }
}
