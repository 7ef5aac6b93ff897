using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Analysis.Detection.VerdictRuleChain;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Blocked threads that the pool out-grows: the runtime injects for blocking (cooperative-blocking: threads wait in
/// Task.Wait/.Result), but the pool has already grown past the blocking and the queue flows. Recorded on the lab's
/// `taskwait` with MinThreads raised to 300 (fixtures/counters/compensated): 125-160 threads, 2-23 queued at 600-830
/// completed/s (4-40 ms by Little's law), the measured queue delay's p50 under 2 ms; the old rule 2 read that as
/// Starving by the injection count alone. A starving ramp completes next to nothing (0-14 items/s with 100+ queued:
/// seconds of wait), so the queue's wait, not the injections, tells the two apart. docs/detection.md, rule 2.
/// </summary>
internal static class PoolKeepsUp
{
    /// <summary>The pool has grown for blocking and the queued work waits milliseconds, not seconds.</summary>
    public static bool Holds(WindowFigures f, int cores, DetectionThresholds t)
    {
        var latest = f.Latest;
        // A starvation injection is the runtime saying no work item was dequeued for 500 ms: that pool does not keep up.
        if (!t.WeighKeepsUp || f.StarvationSincePrevious > 0 || latest.ThreadCount < t.CompensatedThreadsPerCore * cores)
        {
            return false;
        }
        // What "keeps up" must prove is that completions keep up with the queue: a queue that stays while next to nothing
        // completes is a stuck pool, whatever the thread goal promises (PoolStuck).
        if (PoolStuck.Holds(f, cores, t))
        {
            return false;
        }
        if (HasHeadroom(f, cores, t))
        {
            return true;
        }
        // A first sample's rates cover a span nobody knows (a starving pool's read 4,155/s): no flow can be read from it.
        if (latest.FirstInterval || latest.CompletedPerSecond <= 0 || f.RecentCompletedMean <= 0)
        {
            return false;
        }
        var flowsNow = latest.QueueLength <= t.KeepsUpSecondsOfWork * latest.CompletedPerSecond;
        var flows = f.RecentQueueMean <= t.KeepsUpSecondsOfWork * f.RecentCompletedMean;
        // Where the delay was measured, the typical item must not wait long either; p99 is no test: items that sat
        // before a burst of blocking (0.5-2 s in the recorded runs) lift it while the median stays at a millisecond.
        var measuredShort = latest.QueueDelayMs is not { Items: > 0 } d || d.P50 <= t.KeepsUpSecondsOfWork * 1000;
        return flowsNow && flows && measuredShort;
    }

    /// <summary>
    /// The runtime's thread goal (event 55's NewWorkerThreadCount, the last blocking injection) leaves a thread for every
    /// queued item beyond the threads alive: the pool creates a worker whenever work waits and it is under its goal, so
    /// the queue waits for thread creation, not for the runtime to grant threads. In the first half second of a blocking
    /// load nothing can complete yet (each request blocks 500 ms), so flow cannot show; the goal can: recorded with
    /// MinThreads 300, 110 threads and 17 queued at 30 done/s under a goal of 307. A starving pool sits at its goal (the
    /// control: goal 8, 8 threads, 118 queued), since each injection raises the goal by one and a thread follows at once.
    /// </summary>
    /// <remarks>
    /// The spare threads must also reach 3x the cores: a goal one or two above the count is a thread still being
    /// created, not room to spare. And the pool must be seen creating them (<see cref="CreatesThreads"/>).
    /// </remarks>
    private static bool HasHeadroom(WindowFigures f, int cores, DetectionThresholds t) =>
        f.LastBlockingInjection is { } last
        && last.NewWorkerThreadCount - f.Latest.ThreadCount is var spare
        && spare >= f.Latest.QueueLength && spare >= t.CompensatedThreadsPerCore * cores
        && CreatesThreads(f, cores, t);

    // The goal is a promise; the pool keeps it only where threads are seen arriving for the queue (since the previous
    // sample, at least half as many as are queued and 3x the cores: the recorded runs went 5 -> 110 threads with 17 queued,
    // 18 -> 40 with 25) or are there already, one for each queued item (a first sample has no previous one). A stuck pool
    // adds a thread or two per injection: 3 -> 6 under 60 queued (stuck/taskwait-cores1).
    // Or they arrive faster than injection ever adds them (StuckMaxThreadGrowthPerCore): a busy CI host read 5 -> 31
    // threads in half a second under 97 queued, MinThreads 300, and called it Starving on the half-the-queue test alone.
    private static bool CreatesThreads(WindowFigures f, int cores, DetectionThresholds t) =>
        !t.WeighStuckQueue
        || f.Latest.ThreadCount >= f.Latest.QueueLength
        || (f.Previous is { } previous && f.Latest.ThreadCount - previous.ThreadCount is var added
            && added >= t.CompensatedThreadsPerCore * cores
            && (added >= f.Latest.QueueLength / 2
                || (f.Latest.Seconds > previous.Seconds && added / (f.Latest.Seconds - previous.Seconds) > t.StuckMaxThreadGrowthPerCore * cores)));

    public static Verdict Verdict(WindowFigures f, int cores, DetectionThresholds t)
    {
        var latest = f.Latest;
        var headroom = HasHeadroom(f, cores, t);
        // Little's law's wait only where something completed; the keeps-up threshold only where it, not the goal, decided.
        List<EvidenceFigure> flow = latest.CompletedPerSecond > 0
            ? [new(FigureName.Completed, latest.CompletedPerSecond, ItemsPerSecond), new(FigureName.WaitMs, 1000 * latest.QueueLength / latest.CompletedPerSecond, Milliseconds)]
            : [new(FigureName.Completed, 0, ItemsPerSecond)];
        if (!headroom)
        {
            flow.Add(new(FigureName.KeepsUpMs, t.KeepsUpSecondsOfWork * 1000, Milliseconds));
        }
        var evidence = new List<EvidenceItem>
        {
            Facts.Injections(EvidenceKind.CooperativeBlockingCompensated, f.CooperativeBlockingInjections, InjectionWindow(f)),
            Facts.Threads(f, cores),
            Facts.Queue(EvidenceKind.QueueFlows, latest, cores, t) with { Figures = flow },
        };
        // The goal the runtime last reported: with MinThreads raised it starts there, and threads below it are created on demand.
        if (f.LastBlockingInjection is { } last && last.NewWorkerThreadCount > latest.ThreadCount)
        {
            evidence.Add(new(headroom ? EvidenceKind.ThreadGoalCoversQueue : EvidenceKind.ThreadGoal)
            {
                Figure = last.NewWorkerThreadCount,
                Unit = EvidenceUnit.Threads,
                Figures = [new(FigureName.AtSeconds, last.Seconds, Seconds), new(FigureName.ThreadsAlive, latest.ThreadCount, EvidenceUnit.Threads)],
            });
        }
        evidence.Add(Facts.Cpu(EvidenceKind.Cpu, f, cores));
        evidence.Add(new(EvidenceKind.NotStarving));
        var confidence = 0.7 + (latest.QueueDelayMs is { Items: > 0 } ? 0.1 : 0);
        return new Verdict(VerdictKind.BlockingCompensated, Round(confidence), VerdictRule.BlockingCompensated, evidence, latest.Seconds);
    }
}
