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
        var verdict = JudgeCounters(samples, injections, cores, t);
        // The measured queue delay backs every verdict: seconds of waiting for a Starving one, milliseconds for a healthy one.
        return QueueDelayEvidence(samples[^1]) is { } delay ? verdict with { Evidence = [.. verdict.Evidence, delay] } : verdict;
    }

    private static Verdict JudgeCounters(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, int cores, DetectionThresholds t)
    {
        var at = samples[^1].Seconds;
        var f = WindowFigures.Compute(samples, injections, t);
        if (samples.Count < 2)
        {
            // The runtime's own injections need no history: with work queued they are enough from the first sample.
            return StarvingByInjections(f, cores, t)
                ?? new Verdict(VerdictKind.Inconclusive, 0, VerdictRule.WarmingUp, ["one counter sample so far; trends need two"], at);
        }
        // Busy cores first; runnable threads only after the runtime's own starvation signal, because threads that
        // poll with short sleeps (tasksleepwait) sit in the run queue of a crowded machine without doing any work.
        return CpuSaturated(f, cores, t, byRunnableThreads: false)
            ?? StarvingByInjections(f, cores, t)
            ?? CpuSaturated(f, cores, t, byRunnableThreads: true)
            ?? StarvingBySignature(f, cores, t)
            ?? QueueNotDraining(samples, f, cores, t)
            ?? PersistentQueueRule.Judge(samples, f, cores, t)
            ?? BlockingCompensated(f, cores, t)
            ?? Healthy(f, cores, t);
    }

    /// <summary>Every core busy with this process, or more pool threads runnable than cores (CPU-bound work, whoever holds the cores).</summary>
    private static Verdict? CpuSaturated(WindowFigures f, int cores, DetectionThresholds t, bool byRunnableThreads)
    {
        var busy = f.CpuPercent >= t.CpuSaturatedPercent;
        // Either form needs queued work that waits (Little's law): a healthy async pool also keeps a few items queued
        // for a millisecond or two while its threads are busy (taskasyncwait: 2 queued, 605 done/s, 28 % CPU; beside a
        // busy loop, 2.6 threads runnable with 3 queued at 645 done/s). Work that flows is no finding, whoever holds the cores.
        var waits = f.RecentQueueMean >= t.ComputingWaitSeconds * Math.Max(1, f.RecentCompletedMean);
        // Idle workers spin a little before they sleep, so runnable threads alone prove nothing; with work queued
        // they mean the queue waits for CPUs, not for threads.
        // Over at least a second of samples (two at 1 s, three at 0.5 s): on a crowded machine a blocked thread's wake-ups
        // wait in the run queue, and half a second of that looks like CPU-bound work.
        var runnableMean = f.RunnableWorkers ?? 0;
        // A thread is runnable while it starts: a pool that has just created more threads than are runnable (MinThreads
        // 300 on a blocking route: 6 to 130 threads in 0.6 s, 17 runnable, 8 % CPU) shows threads starting, not computing.
        var starting = f.ThreadGrowthOverRunnableSpan >= Math.Max(runnableMean, t.CompensatedThreadsPerCore * cores);
        var runnableRead = byRunnableThreads && f.RunnableWorkers is not null && !starting
            && f.RunnableSpanSeconds >= 0.75 && f.RecentQueueMean >= QueueFloor(cores, t) && waits;
        var runnableBound = runnableRead && runnableMean >= t.RunnablePerCore * cores;
        // Fewer runnable threads than cores can still be CPU-bound work: an allocation-heavy route's threads also wait
        // for the GC, and a crowded host deals them out. Blocked threads do not burn the process's CPU, so a real share
        // of it beside them tells the two apart.
        var computing = runnableRead && !runnableBound
            && runnableMean >= t.ComputingRunnablePerCore * cores && f.CpuPercent >= t.ComputingCpuPercent;
        if (!busy && !runnableBound && !computing)
        {
            return null;
        }
        var evidence = new List<string>();
        if (busy)
        {
            evidence.Add(Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s) over the last samples (>= {t.CpuSaturatedPercent:0}%): every core is busy"));
        }
        else
        {
            evidence.Add(Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s) for this process: other processes hold the rest of the cores"));
        }
        if (f.RunnableWorkers is { } runnable)
        {
            evidence.Add(Invariant($"{runnable:0.0} pool thread(s) runnable on average (threshold {t.RunnablePerCore * cores:0.#} = {t.RunnablePerCore:0.#}x {cores} core(s)): threads compute or wait for a CPU, they are not blocked"));
            if (computing)
            {
                evidence.Add(Invariant($"{f.CpuPercent:0}% CPU (>= {t.ComputingCpuPercent:0}%) with {runnable:0.0} pool thread(s) runnable (>= {t.ComputingRunnablePerCore * cores:0.#} = {t.ComputingRunnablePerCore:0.#}x {cores} core(s)): the pool computes; blocked threads would burn no CPU"));
            }
            if (runnableBound || computing)
            {
                evidence.Add(Invariant($"queue length {f.RecentQueueMean:0.#} on average over the last samples: work waits for a CPU"));
            }
        }
        evidence.Add(Threads(f, cores));
        evidence.Add(Queue(f.Latest, cores, t));
        evidence.Add(Invariant($"completed {f.Latest.CompletedPerSecond:0}/s"));
        var confidence = (busy ? 0.75 + Math.Min(0.15, (f.CpuPercent - t.CpuSaturatedPercent) / 60) : runnableBound ? 0.65 : 0.6)
            + (busy && runnableBound ? 0.1 : 0)
            + (f.StarvationInjections == 0 ? 0.05 : 0);
        return new Verdict(VerdictKind.CpuSaturated, Round(confidence), VerdictRule.CpuSaturated, evidence, f.Latest.Seconds);
    }

    /// <summary>
    /// The runtime says it is short of threads (a starvation injection: no dequeue for 500 ms; or repeated
    /// cooperative-blocking injections: threads blocked in Task waits) and work is still queued at the sample.
    /// Starving, unless the queue flows past a pool grown for the blocking: then BlockingCompensated (<see cref="PoolKeepsUp"/>).
    /// </summary>
    private static Verdict? StarvingByInjections(WindowFigures f, int cores, DetectionThresholds t)
    {
        var queueFloor = QueueFloor(cores, t);
        var queuedNow = f.Latest.QueueLength >= queueFloor;
        var queuedBefore = f.Previous is { } p && p.QueueLength >= queueFloor;
        var freshSignal = f.StarvationSincePrevious >= 1 || f.CooperativeBlockingSincePrevious >= 2;
        var sustained = queuedBefore && f.StarvationInjections + f.CooperativeBlockingInjections >= 1;
        if (!queuedNow || !(freshSignal || sustained) || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        // The injection count alone is not starvation: a pool that has out-grown its blocked threads (MinThreads raised,
        // or grown already) still injects for each new blocked thread while its queue flows.
        if (PoolKeepsUp.Holds(f, cores, t))
        {
            return PoolKeepsUp.Verdict(f, cores, t);
        }
        var confidence = (sustained ? 0.85 : 0.75)
            + Math.Min(0.05, 0.01 * (f.StarvationInjections + f.CooperativeBlockingInjections))
            + (f.Latest.ThreadCount >= t.JumpThreadsPerCore * cores ? 0.05 : 0);
        var evidence = new List<string> { Queue(f.Latest, cores, t) + (queuedBefore ? " in the last 2 samples" : "") };
        if (f.StarvationInjections > 0)
        {
            evidence.Add(Invariant($"{f.StarvationInjections} starvation injection(s) in the last {f.WindowSpanSeconds + 1:0} s (event 55, Reason=Starvation: no work item dequeued for 500 ms)"));
        }
        if (f.CooperativeBlockingInjections > 0)
        {
            evidence.Add(Invariant($"{f.CooperativeBlockingInjections} cooperative-blocking injection(s) in the last {f.WindowSpanSeconds + 1:0} s (event 55, Reason=CooperativeBlocking: threads blocked in Task.Wait/.Result)"));
        }
        evidence.Add(Threads(f, cores));
        evidence.Add(Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s): threads wait, they do not compute"));
        evidence.Add(Invariant($"completed {f.Latest.CompletedPerSecond:0}/s"));
        return new Verdict(VerdictKind.Starving, Round(confidence), VerdictRule.StarvationInjections, evidence, f.Latest.Seconds);
    }

    /// <summary>The tutorial's signature: queue stays up, threads at 2× the cores or more and still climbing, CPU low.</summary>
    private static Verdict? StarvingBySignature(WindowFigures f, int cores, DetectionThresholds t)
    {
        var queueFloor = QueueFloor(cores, t);
        var queued = f.Latest.QueueLength >= queueFloor && f.Previous is { } p && p.QueueLength >= queueFloor;
        var climbing = f.ThreadSlopePerSecond >= t.ClimbPerSecond || f.CooperativeBlockingInjections > 0;
        // Little's law: queue ÷ completions is how long an item waits. A busy pool that flows (an allocation-heavy async
        // route: 120 queued, 2,000 done/s, 60 ms) is not starving, whatever hill climbing adds.
        var waits = f.Latest.QueueLength >= t.SignatureSecondsOfWork * f.Latest.CompletedPerSecond;
        if (!queued || !climbing || !waits || f.Latest.ThreadCount < t.JumpThreadsPerCore * cores || f.CpuPercent >= t.CpuLowPercent)
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
        return new Verdict(VerdictKind.Starving, Round(confidence), VerdictRule.StarvationSignature, evidence, f.Latest.Seconds);
    }

    /// <summary>
    /// Work waits and the pool does not react: the queue has held at least a second of work (queue length over
    /// completed/s) for three samples while threads are neither runnable nor busy. Sync I/O and lock convoys
    /// look like this: each item finishes now and then, so the gate thread never sees 500 ms without a dequeue.
    /// </summary>
    private static Verdict? QueueNotDraining(IReadOnlyList<CounterSample> samples, WindowFigures f, int cores, DetectionThresholds t)
    {
        if (samples.Count < 3 || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var floor = QueueFloor(cores, t);
        // The samples of the last two seconds or so (three at a 1 s interval, five or six at 0.5 s): the rule is about
        // time the queue did not drain, whatever the interval.
        var last = samples.Where(s => f.Latest.Seconds - s.Seconds <= t.NotDrainingSeconds + 0.5).ToList();
        if (last.Count < 3)
        {
            return null;
        }
        var waiting = last.All(s => s.QueueLength >= floor && (s.FirstInterval || s.QueueLength >= t.QueuedSecondsOfWork * s.CompletedPerSecond));
        var draining = last[^1].QueueLength < 0.5 * last[0].QueueLength;
        if (!waiting || draining || last[^1].Seconds - last[0].Seconds < 1.5)
        {
            return null;
        }
        var q = f.Latest.QueueLength;
        var done = f.Latest.CompletedPerSecond;
        var evidence = new List<string>
        {
            Queue(f.Latest, cores, t) + Invariant($" for {last[^1].Seconds - last[0].Seconds + 1:0} s"),
            done > 0
                ? Invariant($"completed {done:0}/s: a queued item waits about {q / done:0.#} s for a thread")
                : "completed 0/s: queued items are not being served",
            Threads(f, cores),
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s): threads wait, they do not compute"),
        };
        if (f.RunnableWorkers is { } runnable)
        {
            evidence.Add(Invariant($"{runnable:0.0} pool thread(s) runnable on average: the others are blocked"));
        }
        if (f.StarvationInjections + f.CooperativeBlockingInjections == 0)
        {
            evidence.Add("no starvation injection: every item finishes within 500 ms of the previous, so the gate thread does not add threads");
        }
        var confidence = 0.7 + (f.RunnableWorkers is not null ? 0.1 : 0) + Math.Min(0.1, (q / floor) * 0.005);
        return new Verdict(VerdictKind.Starving, Round(confidence), VerdictRule.QueueNotDraining, evidence, f.Latest.Seconds);
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
            Invariant($"thread count settled at {threads:0} = {threads / cores:0.#}x {cores} core(s) (>= {t.CompensatedThreadsPerCore:0.#}x), {f.ThreadSlopePerSecond:+0.0;-0.0;0.0} threads/s over {f.WindowSpanSeconds:0.#} s"),
            Queue(f.Latest, cores, t),
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s): the extra threads mostly wait"),
        };
        if (f.LastBlockingInjection is { } last)
        {
            evidence.Add(Invariant($"{f.BlockingInjectionsEver} starvation/cooperative-blocking injection(s) so far, the last at {last.Seconds:0.0} s to {last.NewWorkerThreadCount} threads"));
        }
        var confidence = 0.6 + Math.Min(0.25, (threads / cores - t.CompensatedThreadsPerCore) * 0.05) + (f.BlockingInjectionsEver > 0 ? 0.1 : 0);
        return new Verdict(VerdictKind.BlockingCompensated, Round(confidence), VerdictRule.BlockingCompensated, evidence, f.Latest.Seconds);
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
        return new Verdict(VerdictKind.Healthy, Round(confidence), VerdictRule.Healthy, evidence, f.Latest.Seconds);
    }

    /// <summary>The measured queue delay of the latest sample, as evidence; null when it was not measured.</summary>
    internal static string? QueueDelayEvidence(CounterSample s) =>
        s.QueueDelayMs is { } d && d.Items > 0
            ? Invariant($"queue delay p50 {d.P50:0} ms, p99 {d.P99:0} ms, max {d.Max:0} ms over {d.Items} work item(s): how long work waited in the pool's queue for a thread")
            : null;

    internal static double QueueFloor(int cores, DetectionThresholds t) => Math.Max(1, t.QueuePerCore * cores);

    internal static string Queue(CounterSample s, int cores, DetectionThresholds t) =>
        Invariant($"queue length {s.QueueLength:0} (threshold {QueueFloor(cores, t):0} = {t.QueuePerCore:0.#}x {cores} core(s))");

    internal static string Threads(WindowFigures f, int cores) =>
        Invariant($"thread count {f.Latest.ThreadCount:0} = {f.Latest.ThreadCount / cores:0.#}x {cores} core(s), {f.ThreadSlopePerSecond:+0.0;-0.0;0.0} threads/s over {f.WindowSpanSeconds:0.#} s");

    internal static double Round(double confidence) => Math.Round(Math.Clamp(confidence, 0, 0.99), 2);

    internal static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
