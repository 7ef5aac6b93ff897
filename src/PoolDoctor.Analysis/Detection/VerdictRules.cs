using System.Globalization;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Analysis.Detection;

/// <summary>The rules, tried in order; the first that fires gives the verdict. docs/detection.md gives the reasons.</summary>
internal static class VerdictRules
{
    public static Verdict Judge(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, int cores, DetectionThresholds t)
    {
        var at = samples[^1].Seconds;
        if (samples.Count < 2)
        {
            return new Verdict(VerdictKind.Inconclusive, 0, Rules.WarmingUp, ["one counter sample so far; rates need two"], at);
        }
        var f = WindowFigures.Compute(samples, injections, t);
        return CpuSaturated(f, cores, t)
            ?? StarvingByInjections(f, cores, t)
            ?? StarvingBySignature(f, cores, t)
            ?? BlockingCompensated(f, cores, t)
            ?? Healthy(f, cores, t);
    }

    private static Verdict? CpuSaturated(WindowFigures f, int cores, DetectionThresholds t)
    {
        if (f.CpuPercent < t.CpuSaturatedPercent)
        {
            return null;
        }
        var evidence = new List<string>
        {
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s) over the last samples (>= {t.CpuSaturatedPercent:0}%): every core is busy"),
            Threads(f, cores),
            Queue(f.Latest, cores, t),
            Invariant($"completed {f.Latest.CompletedPerSecond:0}/s"),
        };
        if (f.StarvationInjections == 0)
        {
            evidence.Add("no starvation injection: work is being dequeued, threads are busy computing, not blocked");
        }
        var confidence = Math.Min(0.95, 0.7 + (f.CpuPercent - t.CpuSaturatedPercent) / 40 + (f.StarvationInjections == 0 ? 0.05 : 0));
        return new Verdict(VerdictKind.CpuSaturated, Round(confidence), Rules.CpuSaturated, evidence, f.Latest.Seconds);
    }

    /// <summary>The runtime's gate thread says it starved (no dequeue for 500 ms) and work is still queued.</summary>
    private static Verdict? StarvingByInjections(WindowFigures f, int cores, DetectionThresholds t)
    {
        var queueFloor = QueueFloor(cores, t);
        var queuedNow = f.Latest.QueueLength >= queueFloor;
        var queuedBefore = f.Previous is { } p && p.QueueLength >= queueFloor;
        var enough = f.StarvationInjections >= 2 || (f.StarvationInjections >= 1 && queuedBefore);
        if (!queuedNow || !enough || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var confidence = 0.8 + Math.Min(0.1, 0.02 * f.StarvationInjections) + (f.Latest.ThreadCount >= t.JumpThreadsPerCore * cores ? 0.05 : 0);
        var evidence = new List<string>
        {
            Invariant($"{f.StarvationInjections} starvation injection(s) in the last {f.WindowSpanSeconds + 1:0} s (event 55, Reason=Starvation: no work item dequeued for 500 ms)"),
            Queue(f.Latest, cores, t),
            Threads(f, cores),
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s): threads wait, they do not compute"),
            Invariant($"completed {f.Latest.CompletedPerSecond:0}/s"),
        };
        if (f.CooperativeBlockingInjections > 0)
        {
            evidence.Add(Invariant($"{f.CooperativeBlockingInjections} cooperative-blocking injection(s): threads block in Task.Wait/.Result"));
        }
        return new Verdict(VerdictKind.Starving, Round(confidence), Rules.StarvationInjections, evidence, f.Latest.Seconds);
    }

    /// <summary>The tutorial's signature: queue stays up, threads at 2× the cores or more and still climbing, CPU low.</summary>
    private static Verdict? StarvingBySignature(WindowFigures f, int cores, DetectionThresholds t)
    {
        var queueFloor = QueueFloor(cores, t);
        var queued = f.Latest.QueueLength >= queueFloor && f.Previous is { } p && p.QueueLength >= queueFloor;
        var climbing = f.ThreadSlopePerSecond >= t.ClimbPerSecond || f.CooperativeBlockingInjections > 0;
        if (!queued || !climbing || f.Latest.ThreadCount < t.JumpThreadsPerCore * cores || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var evidence = new List<string>
        {
            Queue(f.Latest, cores, t) + " in the last 2 samples",
            Threads(f, cores),
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s): threads wait, they do not compute"),
            Invariant($"completed {f.Latest.CompletedPerSecond:0}/s"),
        };
        if (f.CooperativeBlockingInjections > 0)
        {
            evidence.Add(Invariant($"{f.CooperativeBlockingInjections} cooperative-blocking injection(s) (event 55, Reason=CooperativeBlocking): threads block in Task.Wait/.Result"));
        }
        var confidence = 0.7 + (f.CooperativeBlockingInjections > 0 ? 0.1 : 0) + (f.ThreadSlopePerSecond >= t.ClimbPerSecond ? 0.05 : 0);
        return new Verdict(VerdictKind.Starving, Round(confidence), Rules.StarvationSignature, evidence, f.Latest.Seconds);
    }

    /// <summary>Threads settled well above the cores with the queue drained: blocked threads, paid for with more threads.</summary>
    private static Verdict? BlockingCompensated(WindowFigures f, int cores, DetectionThresholds t)
    {
        var threads = f.Latest.ThreadCount;
        var settled = f.WindowSpanSeconds >= 2.5 && Math.Abs(f.ThreadSlopePerSecond) < t.ClimbPerSecond;
        // Hill climbing alone can wander a few threads above the cores; a pool it grew for blocking is the tell.
        var blockingHistory = f.BlockingInjectionsEver > 0 || threads >= 8 * t.CompensatedThreadsPerCore / 3 * cores;
        if (threads < t.CompensatedThreadsPerCore * cores || !settled || !blockingHistory
            || f.Latest.QueueLength >= QueueFloor(cores, t) || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var evidence = new List<string>
        {
            Invariant($"thread count settled at {threads:0} = {threads / cores:0.#}x {cores} core(s) (>= {t.CompensatedThreadsPerCore:0.#}x), {f.ThreadSlopePerSecond:+0.0;-0.0;0.0} threads/s over {f.WindowSpanSeconds:0} s"),
            Queue(f.Latest, cores, t),
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s): the extra threads mostly wait"),
        };
        if (f.LastBlockingInjection is { } last)
        {
            evidence.Add(Invariant($"{f.BlockingInjectionsEver} starvation/cooperative-blocking injection(s) so far, the last at {last.Seconds:0.0} s to {last.NewWorkerThreadCount} threads"));
        }
        var confidence = 0.6 + Math.Min(0.25, (threads / cores - t.CompensatedThreadsPerCore) * 0.05) + (f.BlockingInjectionsEver > 0 ? 0.1 : 0);
        return new Verdict(VerdictKind.BlockingCompensated, Round(confidence), Rules.BlockingCompensated, evidence, f.Latest.Seconds);
    }

    private static Verdict Healthy(WindowFigures f, int cores, DetectionThresholds t)
    {
        var evidence = new List<string>
        {
            Threads(f, cores),
            Queue(f.Latest, cores, t),
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s)"),
            Invariant($"completed {f.Latest.CompletedPerSecond:0}/s"),
            f.StarvationInjections == 0
                ? "no starvation injection in the window"
                : Invariant($"{f.StarvationInjections} starvation injection(s) but the queue drained"),
        };
        // A short window says less: confidence grows with the seconds observed.
        var confidence = 0.5 + Math.Min(0.4, f.WindowSpanSeconds / t.WindowSeconds * 0.4);
        return new Verdict(VerdictKind.Healthy, Round(confidence), Rules.Healthy, evidence, f.Latest.Seconds);
    }

    private static double QueueFloor(int cores, DetectionThresholds t) => Math.Max(1, t.QueuePerCore * cores);

    private static string Queue(CounterSample s, int cores, DetectionThresholds t) =>
        Invariant($"queue length {s.QueueLength:0} (threshold {QueueFloor(cores, t):0} = {t.QueuePerCore:0.#}x {cores} core(s))");

    private static string Threads(WindowFigures f, int cores) =>
        Invariant($"thread count {f.Latest.ThreadCount:0} = {f.Latest.ThreadCount / cores:0.#}x {cores} core(s), {f.ThreadSlopePerSecond:+0.0;-0.0;0.0} threads/s over {f.WindowSpanSeconds:0} s");

    private static double Round(double confidence) => Math.Round(Math.Clamp(confidence, 0, 0.99), 2);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
