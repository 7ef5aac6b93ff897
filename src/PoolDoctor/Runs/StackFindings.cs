using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Runs;

/// <summary>The stack capture a diagnosis takes once the pool is blocked: when, over how long, and what it found.</summary>
internal sealed record StackFindings(StackCapture Capture, IReadOnlyList<Culprit> Culprits, IReadOnlyList<StackGroup> Groups, bool TargetExited)
{
    /// <summary>Groups kept in the report: the big ones tell the story, the tail of one-off stacks does not.</summary>
    public const int MaxGroups = 40;

    /// <summary>The capture's trace and speedscope file, kept for the report's folder (null unless asked to keep them).</summary>
    public CaptureFiles? Files { get; init; }

    /// <summary>The app's calls to the pool's setters, from the IL the capture read (the context's bounds need them).</summary>
    public Analysis.Advice.PoolBounds.SetterCalls? PoolSetters { get; init; }

    /// <summary>
    /// Records the target's stacks and wait events for one window, then groups them and names the culprits; with
    /// <paramref name="keepFiles"/> the trace and a speedscope file of it stay in the temp directory for the report
    /// (<see cref="Files"/>: whoever takes the evidence moves or discards them).
    /// </summary>
    public static async Task<StackFindings> CaptureAsync(
        AttachedTarget target, double atSeconds, TimeSpan window, IReadOnlyList<string> userCodePrefixes, RequestWatch? requests, Action<string>? notice, CancellationToken interrupt,
        Action? recorded = null, bool keepFiles = false)
    {
        // What each thread serves as the capture begins: a blocked request started long before it.
        var serving = requests?.Serving();
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-diagnose-{Guid.NewGuid():N}.nettrace");
        var kept = false;
        try
        {
            var recording = await StackRecorder.RecordAsync(target, new StackCaptureOptions(window), path, interrupt, notice: notice);
            recorded?.Invoke();
            var snapshot = await CaptureFileReader.ReadAsync(path, firstSamplePerThread: false, CancellationToken.None, serving: serving);
            Collect.SelfTiming.ToolTimeline.Mark("trace-read");
            foreach (var missing in snapshot.Missing)
            {
                notice?.Invoke(missing);
            }
            var analysis = CulpritAnalyzer.Analyze(snapshot, new CulpritOptions { UserCodePrefixes = userCodePrefixes });
            Collect.SelfTiming.ToolTimeline.Mark("analyzed");
            var capture = new StackCapture(atSeconds, recording.Window.TotalSeconds, snapshot.Stacks.Select(s => s.ThreadId).Distinct().Count(), snapshot.Waits.Count)
            {
                RequestThreads = snapshot.Stacks.Where(s => s.Request is not null).Select(s => s.ThreadId).Distinct().Count(),
            };
            var files = keepFiles ? CaptureFiles.Keep(path, $"{target.Process.Name} (pid {target.ProcessId})", DisplayThreadBuilder.From(analysis), analysis.Culprits) : null;
            kept = files is not null;
            return new StackFindings(capture, RepositoryPaths.Annotate(analysis.Culprits), [.. analysis.Groups.Take(MaxGroups)], recording.TargetExited) { Files = files, PoolSetters = snapshot.CallGraph.Methods.Count > 0 ? Analysis.Advice.PoolBounds.SetterCalls.In(snapshot.CallGraph) : null };
        }
        finally
        {
            if (!kept)
            {
                TraceFile.TryDelete(path);
            }
        }
    }
}
