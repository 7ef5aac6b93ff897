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
    public static StackSnapshot Read(string path, bool firstSamplePerThread = false, string? symbols = null)
    {
        var plain = path.EndsWith(".gz", StringComparison.OrdinalIgnoreCase) ? GzipTrace.Expand(path) : path;
        var etlx = Path.Combine(Path.GetTempPath(), $"pooldoctor-oracle-{Guid.NewGuid():N}.etlx");
        try
        {
            ConvertToEtlx(plain, etlx);
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

    /// <summary>
    /// When TraceEvent's conversion throws on a damaged file, it leaves its event source's file stream open: the trace
    /// stays locked (the next read of the same path fails with "used by another process", found by AFL++ in the short
    /// fuzz) and a long-running watch would leak a handle per bad file. The stream is unreachable once the conversion has
    /// thrown, so a collection runs its finalizer, which closes the handle.
    /// </summary>
    private static void ConvertToEtlx(string plain, string etlx)
    {
        try
        {
            TraceLog.CreateFromEventPipeDataFile(plain, etlx, new TraceLogOptions { ConversionLog = TextWriter.Null });
        }
        catch
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            throw;
        }
    }

    private static StackSnapshot Collect(TraceLog log, bool firstSamplePerThread, string? symbols)
    {
        using var sources = new SourceLocator(symbols);
        var modules = TracedModules.Resolve([.. log.ModuleFiles.Select(m => (m.Name, m.FilePath, m.PdbSignature))], sources);
        var frames = new TraceLogFrames(log, sources, modules.Located);
        var requests = new RequestTracker();
        var samples = new SampleCounts<CallStackIndex>(requests, firstSamplePerThread);
        var waits = new WaitSpanBuilder<CallStackIndex>(requests);
        var processId = 0;
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
                    if (e.CallStackIndex() is var stack && stack != CallStackIndex.Invalid)
                    {
                        samples.Sample(e.ThreadID, stack, e.TimeStampRelativeMSec);
                    }
                    break;
                case RuntimeEventKind.AspNetCore:
                    requests.Add(e);
                    samples.RequestEvent(e.ThreadID);
                    break;
                case var wait when WaitSpanBuilder<CallStackIndex>.Reads(wait):
                    waits.Add(wait, e.ThreadID, e.TimeStampRelativeMSec, e.CallStackIndex(), wait == RuntimeEventKind.TaskWaitBegin ? Behavior(e) : null);
                    break;
            }
        }
        return new StackSnapshot(Math.Max(0, processId), samples.WindowSeconds, samples.Stacks(frames.Frames), waits.Finish(log.SessionEndTimeRelativeMSec, frames.Frames))
        {
            Modules = modules.Modules,
            Missing = modules.Missing(frames.Stats, sources, symbols),
            OtherBuildModules = [.. modules.OtherBuilds.Keys],
        };
    }

    private static int? Behavior(TraceEvent e) =>
        e.PayloadByName("Behavior") is { } behavior ? Convert.ToInt32(behavior, System.Globalization.CultureInfo.InvariantCulture) : null;
}
