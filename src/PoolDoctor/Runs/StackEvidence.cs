using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Runs;

/// <summary>The stack capture a diagnosis takes once the pool is blocked: when, over how long, and what it found.</summary>
internal sealed record StackEvidence(StackCapture Capture, IReadOnlyList<Culprit> Culprits, IReadOnlyList<StackGroup> Groups, bool TargetExited)
{
    /// <summary>Groups kept in the report: the big ones tell the story, the tail of one-off stacks does not.</summary>
    public const int MaxGroups = 40;

    /// <summary>Records the target's stacks and wait events for one window, then groups them and names the culprits.</summary>
    public static async Task<StackEvidence> CaptureAsync(
        AttachedTarget target, double atSeconds, TimeSpan window, IReadOnlyList<string> userCodePrefixes, RequestWatch? requests, Action<string>? notice, CancellationToken interrupt,
        Action? recorded = null)
    {
        // What each thread serves as the capture begins: a blocked request started long before it.
        var serving = requests?.Serving();
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-diagnose-{Guid.NewGuid():N}.nettrace");
        try
        {
            var recording = await StackRecorder.RecordAsync(target, new StackCaptureOptions(window), path, interrupt, notice: notice);
            recorded?.Invoke();
            var snapshot = await TraceReading.ReadAsync(path, firstSamplePerThread: false, CancellationToken.None, serving: serving);
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
            return new StackEvidence(capture, analysis.Culprits, [.. analysis.Groups.Take(MaxGroups)], recording.TargetExited);
        }
        finally
        {
            TraceFile.TryDelete(path);
        }
    }
}
