using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// The rules, tried in order; the first that fires gives the verdict. docs/detection.md gives the reasons. Each rule
/// states its evidence as <see cref="EvidenceItem"/>s; the words are Report's (EvidenceText).
/// </summary>
internal static class VerdictRuleChain
{
    public static Verdict Judge(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, int cores, DetectionThresholds t)
    {
        var verdict = JudgeCounters(samples, injections, cores, t);
        // The measured queue delay backs every verdict: seconds of waiting for a Starving one, milliseconds for a healthy one.
        return Facts.QueueDelay(samples[^1]) is { } delay ? verdict with { Evidence = [.. verdict.Evidence, delay] } : verdict;
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
                ?? new Verdict(VerdictKind.Inconclusive, 0, VerdictRule.WarmingUp, [new(EvidenceKind.OneSample) { Figure = 1, Unit = Samples }], at);
        }
        // Busy cores first; runnable threads only after the runtime's own starvation signal, because threads that
        // poll with short sleeps (tasksleepwait) sit in the run queue of a crowded machine without doing any work.
        if ((CpuSaturated(f, cores, t, byRunnableThreads: false) ?? StarvingByInjections(f, cores, t)) is { } early)
        {
            return early;
        }
        var byRunnable = CpuSaturated(f, cores, t, byRunnableThreads: true);
        // Runnable threads that wait for CPUs other processes hold are no CPU-bound work: the later rules decide (a
        // blocked pool is still Starving, a flowing one Healthy), and the verdict says why the runnable threads did not count.
        var heldElsewhere = byRunnable is not null && CrowdedRunQueue.Holds(f, cores, t);
        if (byRunnable is not null && !heldElsewhere)
        {
            return byRunnable;
        }
        // The queue rules take a low CPU for blocked threads; threads the scheduler shows computing are not blocked. Where a
        // queue rule finds the work waiting that long behind them, the pool is CPU bound, whoever holds the CPUs: the verdict
        // rule 1 gives it once its runnable threads or CPU show it, so one verdict whichever moment a verb attaches.
        var computing = WorkersCompute.Holds(f, cores, t);
        EvidenceItem? caughtUp = null;
        var byQueue = StarvingBySignature(f, cores, t) ?? QueueNotDraining(samples, f, cores, t) ?? PersistentQueueRule.Judge(samples, f, cores, t, out caughtUp);
        if (computing && byQueue is not null)
        {
            return WorkersCompute.Verdict(f, cores, t);
        }
        var verdict = (computing ? null : byQueue) ?? BlockingCompensated(f, cores, t) ?? Healthy(f, cores, t);
        if (computing)
        {
            verdict = verdict with { Evidence = [.. verdict.Evidence, WorkersCompute.Evidence(f, cores, t)] };
        }
        if (caughtUp is not null && verdict.Kind != VerdictKind.Starving)
        {
            verdict = verdict with { Evidence = [.. verdict.Evidence, caughtUp] };
        }
        return heldElsewhere ? verdict with { Evidence = [.. verdict.Evidence, CrowdedRunQueue.HeldElsewhere(f, cores, t)] } : verdict;
    }

    /// <summary>Every core busy with this process, or more pool threads runnable than cores (CPU-bound work, whoever holds the cores).</summary>
    private static Verdict? CpuSaturated(WindowFigures f, int cores, DetectionThresholds t, bool byRunnableThreads)
    {
        var busy = f.CpuPercent >= t.CpuSaturatedPercent;
        // Either form needs queued work that waits (Little's law): a healthy async pool also keeps a few items queued
        // for a millisecond or two while its threads are busy (taskasyncwait: 2 queued, 605 done/s, 28 % CPU; beside a
        // busy loop, 2.6 threads runnable with 3 queued at 645 done/s). Work that flows is no finding, whoever holds the cores.
        var waits = f.RecentQueueMean >= t.ComputingWaitSeconds * Math.Max(1, f.RecentCompletedMean);
        // Where the delay was measured over the runnable samples it is the wait itself, and it must show one too: the
        // queue's mean can hold a start-up burst while the typical item starts within milliseconds.
        if (t.WeighMeasuredDelay && f.RunnableSpanDelayP50Ms is { } measuredMs)
        {
            waits = waits && measuredMs >= t.ComputingWaitSeconds * 1000;
        }
        // Idle workers spin a little before they sleep, so runnable threads alone prove nothing; with work queued
        // they mean the queue waits for CPUs, not for threads.
        // Over at least a second of samples (two at 1 s, three at 0.5 s): on a crowded machine a blocked thread's wake-ups
        // wait in the run queue, and half a second of that looks like CPU-bound work.
        var runnableMean = f.RunnableWorkers ?? 0;
        // A thread is runnable while it starts: a pool that has just created more threads than are runnable (MinThreads
        // 300 on a blocking route: 6 to 130 threads in 0.6 s, 17 runnable, 8 % CPU) shows threads starting, not computing.
        var starting = f.ThreadGrowthOverRunnableSpan >= Math.Max(runnableMean, t.CompensatedThreadsPerCore * cores);
        var runnableRead = byRunnableThreads && f.RunnableWorkers is not null && !starting
            && f.RunnableSpanSeconds >= WindowFigures.MinSchedulingSpanSeconds && f.RecentQueueMean >= QueueFloor(cores, t) && waits;
        var runnableBound = runnableRead && runnableMean >= t.RunnablePerCore * cores;
        // Fewer runnable threads than cores can still be CPU-bound work: an allocation-heavy route's threads also wait
        // for the GC, and a crowded host deals them out. Blocked threads do not burn the process's CPU, so a real share
        // of it beside them tells the two apart.
        // This weaker form also needs work queued now: the mean of a burst and a drained queue (51 at a load's start, then 0
        // with 509 done/s, on a crowded host) is a wait that is over. (More runnable threads than cores need not: a pool
        // with a thread per connection computes with nothing queued, as cpu/200 on 16 connections does.)
        var computing = runnableRead && !runnableBound
            && runnableMean >= t.ComputingRunnablePerCore * cores && f.CpuPercent >= t.ComputingCpuPercent
            && f.Latest.QueueLength >= t.ComputingQueueNowPerCore * cores;
        if (!busy && !runnableBound && !computing)
        {
            return null;
        }
        var evidence = new List<EvidenceItem>
        {
            busy
                ? Facts.Cpu(EvidenceKind.CpuBusy, f, cores) with { Threshold = t.CpuSaturatedPercent }
                : Facts.Cpu(EvidenceKind.CpuHeldElsewhere, f, cores),
        };
        if (f.RunnableWorkers is { } runnable)
        {
            evidence.Add(new(EvidenceKind.RunnableThreads)
            {
                Figure = runnable,
                Unit = EvidenceUnit.Threads,
                Threshold = t.RunnablePerCore * cores,
                ThresholdPerCore = t.RunnablePerCore,
                Cores = cores,
                WindowSeconds = f.RunnableSpanSeconds,
            });
            if (computing)
            {
                // Two comparisons in one sentence: the runnable threads are the figure, the CPU beside it the second one.
                evidence.Add(new(EvidenceKind.PoolComputes)
                {
                    Figure = runnable,
                    Unit = EvidenceUnit.Threads,
                    Threshold = t.ComputingRunnablePerCore * cores,
                    ThresholdPerCore = t.ComputingRunnablePerCore,
                    Cores = cores,
                    WindowSeconds = f.RunnableSpanSeconds,
                    Figures = [new(FigureName.CpuPercent, f.CpuPercent, Percent), new(FigureName.CpuThreshold, t.ComputingCpuPercent, Percent)],
                });
            }
            if (runnableBound || computing)
            {
                evidence.Add(new(EvidenceKind.QueueWaitsForCpu) { Figure = f.RecentQueueMean, Unit = Items });
                if (f.Scheduling is not null)
                {
                    evidence.Add(CrowdedRunQueue.Runs(f, cores));
                }
            }
        }
        evidence.Add(Facts.Threads(f, cores));
        evidence.Add(Facts.Queue(EvidenceKind.QueueLength, f.Latest, cores, t));
        evidence.Add(Facts.Completed(f.Latest));
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
        var evidence = new List<EvidenceItem>
        {
            Facts.Queue(queuedBefore ? EvidenceKind.QueueLengthSustained : EvidenceKind.QueueLength, f.Latest, cores, t),
        };
        if (f.StarvationInjections > 0)
        {
            evidence.Add(Facts.Injections(EvidenceKind.StarvationInjections, f.StarvationInjections, InjectionWindow(f)));
        }
        if (f.CooperativeBlockingInjections > 0)
        {
            evidence.Add(Facts.Injections(EvidenceKind.CooperativeBlockingInjections, f.CooperativeBlockingInjections, InjectionWindow(f)));
        }
        evidence.Add(Facts.Threads(f, cores));
        evidence.Add(Facts.Cpu(EvidenceKind.CpuThreadsWait, f, cores));
        evidence.Add(Facts.Completed(f.Latest));
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
        // "Still climbing" over one half-second step is one hill-climbing move (3 -> 6 threads reads 6 threads/s), and it
        // decided before the scheduler's figures could say whether the threads wait or compute (issue 37: `alloc` beside
        // two busy loops per core, Starving 0.6 s after attach). The other queue rules need as long a span.
        var longEnough = f.WindowSpanSeconds >= t.SignatureMinSpanSeconds;
        if (!queued || !climbing || !waits || !longEnough || f.Latest.ThreadCount < t.JumpThreadsPerCore * cores || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var evidence = new List<EvidenceItem>
        {
            Facts.Queue(EvidenceKind.QueueLengthSustained, f.Latest, cores, t),
            Facts.Threads(f, cores),
            Facts.Cpu(EvidenceKind.CpuThreadsWait, f, cores),
            Facts.Completed(f.Latest),
        };
        if (f.CooperativeBlockingInjections > 0)
        {
            evidence.Add(Facts.Injections(EvidenceKind.CooperativeBlockingSeen, f.CooperativeBlockingInjections, InjectionWindow(f)));
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
        var evidence = new List<EvidenceItem>
        {
            // The span of the samples plus the interval the first of them covers.
            Facts.Queue(EvidenceKind.QueueLengthFor, f.Latest, cores, t) with { WindowSeconds = last[^1].Seconds - last[0].Seconds + 1 },
            done > 0
                ? new(EvidenceKind.QueueWait)
                {
                    Figure = q / done,
                    Unit = Seconds,
                    Threshold = t.QueuedSecondsOfWork,
                    Figures = [new(FigureName.Completed, done, ItemsPerSecond)],
                }
                : Facts.NothingCompleted(),
            Facts.Threads(f, cores),
            Facts.Cpu(EvidenceKind.CpuThreadsWait, f, cores),
        };
        if (f.RunnableWorkers is { } runnable)
        {
            evidence.Add(new(EvidenceKind.RunnableOthersBlocked) { Figure = runnable, Unit = EvidenceUnit.Threads, WindowSeconds = f.RunnableSpanSeconds });
        }
        if (f.StarvationInjections + f.CooperativeBlockingInjections == 0)
        {
            evidence.Add(Facts.Injections(EvidenceKind.NoStarvationInjectionGate, 0, InjectionWindow(f)));
        }
        var confidence = 0.7 + (f.RunnableWorkers is not null ? 0.1 : 0) + Math.Min(0.1, (q / floor) * 0.005);
        return new Verdict(VerdictKind.Starving, Round(confidence), VerdictRule.QueueNotDraining, evidence, f.Latest.Seconds);
    }

    /// <summary>Threads settled well above the cores with the queue drained: blocked threads, paid for with more threads.</summary>
    private static Verdict? BlockingCompensated(WindowFigures f, int cores, DetectionThresholds t)
    {
        var threads = f.Latest.ThreadCount;
        // A pool far under the runtime's thread goal adds a thread whenever all of its own are blocked, so it creeps up
        // with nothing queued (MinThreads 300 on taskwait: 142 -> 155 threads in 4 s, queue 0, goal 309; on a busy CI
        // machine it crept for the whole 15 s run). A starving ramp climbs with work queued: growth on demand under a
        // goal that leaves room is as settled as a flat line.
        var flat = Math.Abs(f.ThreadSlopePerSecond) < t.ClimbPerSecond;
        var goal = f.LastBlockingInjection?.NewWorkerThreadCount ?? 0;
        var growsOnDemand = f.ThreadSlopePerSecond >= t.ClimbPerSecond && goal - threads >= t.CompensatedThreadsPerCore * cores
            && f.RecentQueueMean < QueueFloor(cores, t);
        var settled = f.WindowSpanSeconds >= 2.5 && (flat || growsOnDemand);
        // Hill climbing alone can wander a few threads above the cores; a pool it grew for blocking is the tell.
        var blockingHistory = f.BlockingInjectionsEver > 0 || threads >= 8 * t.CompensatedThreadsPerCore / 3 * cores;
        if (threads < t.CompensatedThreadsPerCore * cores || !settled || !blockingHistory
            || f.Latest.QueueLength >= QueueFloor(cores, t) || f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var evidence = new List<EvidenceItem>
        {
            Facts.Threads(f, cores) is var count && growsOnDemand
                ? count with
                {
                    Kind = EvidenceKind.ThreadsGrowOnDemand,
                    Threshold = t.CompensatedThreadsPerCore * cores,
                    ThresholdPerCore = t.CompensatedThreadsPerCore,
                    Figures = [.. count.Figures, new(FigureName.ThreadGoal, goal, EvidenceUnit.Threads)],
                }
                : count with
                {
                    Kind = EvidenceKind.ThreadCountSettled,
                    Threshold = t.CompensatedThreadsPerCore * cores,
                    ThresholdPerCore = t.CompensatedThreadsPerCore,
                },
            Facts.Queue(EvidenceKind.QueueLength, f.Latest, cores, t),
            Facts.Cpu(EvidenceKind.CpuExtraThreadsWait, f, cores),
        };
        if (f.LastBlockingInjection is { } last)
        {
            evidence.Add(Facts.Injections(EvidenceKind.BlockingInjectionsSoFar, f.BlockingInjectionsEver) with
            {
                Figures = [new(FigureName.AtSeconds, last.Seconds, Seconds), new(FigureName.ThreadGoal, last.NewWorkerThreadCount, EvidenceUnit.Threads)],
            });
        }
        var confidence = 0.6 + Math.Min(0.25, (threads / cores - t.CompensatedThreadsPerCore) * 0.05) + (f.BlockingInjectionsEver > 0 ? 0.1 : 0);
        return new Verdict(VerdictKind.BlockingCompensated, Round(confidence), VerdictRule.BlockingCompensated, evidence, f.Latest.Seconds);
    }

    private static Verdict Healthy(WindowFigures f, int cores, DetectionThresholds t)
    {
        var evidence = new List<EvidenceItem>
        {
            Facts.Threads(f, cores),
            Facts.Queue(EvidenceKind.QueueLength, f.Latest, cores, t),
            Facts.Cpu(EvidenceKind.Cpu, f, cores),
            Facts.Completed(f.Latest),
            Facts.Injections(
                f.StarvationInjections == 0 ? EvidenceKind.NoStarvationInjection : EvidenceKind.StarvationInjectionsDrained,
                f.StarvationInjections, InjectionWindow(f)),
        };
        // A short window says less: confidence grows with the seconds observed.
        var confidence = 0.5 + Math.Min(0.4, f.WindowSpanSeconds / t.WindowSeconds * 0.4);
        return new Verdict(VerdictKind.Healthy, Round(confidence), VerdictRule.Healthy, evidence, f.Latest.Seconds);
    }

    internal static double QueueFloor(int cores, DetectionThresholds t) => Math.Max(1, t.QueuePerCore * cores);

    /// <summary>
    /// The window the injection sentences name: the samples' span plus the interval the first of them covers (a 1 s
    /// series of five samples spans 4 s and counts injections over 5 s).
    /// </summary>
    internal static double InjectionWindow(WindowFigures f) => f.WindowSpanSeconds + 1;

    internal static double Round(double confidence) => Math.Round(Math.Clamp(confidence, 0, 0.99), 2);
}
