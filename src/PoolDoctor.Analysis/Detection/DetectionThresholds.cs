namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// The detector's thresholds. Thread and queue figures are multiples of the core count, CPU is a percentage
/// of all cores: the same rules hold on a 1-core container and a 64-core host. docs/detection.md explains each.
/// </summary>
public sealed record DetectionThresholds
{
    public static DetectionThresholds Default { get; } = new();

    /// <summary>How far back a verdict looks, in seconds.</summary>
    public double WindowSeconds { get; init; } = 5;

    /// <summary>Average CPU (of all cores) over the last samples at or above which the pool is CPU bound, not starved.</summary>
    public double CpuSaturatedPercent { get; init; } = 90;

    /// <summary>Starvation needs CPU below this: the gate thread itself only injects when CPU is under 80 %.</summary>
    public double CpuLowPercent { get; init; } = 80;

    /// <summary>Queued items per core that count as "work waits for a thread".</summary>
    public double QueuePerCore { get; init; } = 1;

    /// <summary>Thread count per core that the tutorial calls the jump (2-3× the cores).</summary>
    public double JumpThreadsPerCore { get; init; } = 2;

    /// <summary>Thread count per core above which a settled pool is compensating for blocked threads.</summary>
    public double CompensatedThreadsPerCore { get; init; } = 3;

    /// <summary>Mean runnable pool threads per core at or above which the pool's work is CPU-bound.</summary>
    public double RunnablePerCore { get; init; } = 1;

    /// <summary>
    /// Mean runnable pool threads per core that, with <see cref="ComputingCpuPercent"/> of CPU, count as CPU-bound work
    /// although fewer threads than cores are runnable (an allocation-heavy route on a crowded host).
    /// </summary>
    public double ComputingRunnablePerCore { get; init; } = 0.5;

    /// <summary>
    /// CPU (of all cores) the process must use for <see cref="ComputingRunnablePerCore"/> to count: the blocked patterns,
    /// recorded on a crowded host, stayed under 23 % in every loaded sample; the lab's `alloc` and `cpu/20` beside a CPU hog used 26-68 %.
    /// </summary>
    public double ComputingCpuPercent { get; init; } = 25;

    /// <summary>
    /// Items per core queued in the latest sample for <see cref="ComputingRunnablePerCore"/> to count: a healthy
    /// `taskasyncwait` on a crowded CI host, at a load's start, had 51 queued and then 0 with 509 done/s, and read
    /// CpuSaturated on the two samples' mean; `alloc`'s queue stays at 120. 0 turns the test off.
    /// </summary>
    public double ComputingQueueNowPerCore { get; init; } = 1;

    /// <summary>
    /// Seconds an item must wait in the queue (mean queue over mean completed/s, last three seconds) for a CpuSaturated
    /// verdict from runnable threads (either form): `alloc` beside a busy loop waited 45-150 ms, a healthy
    /// `taskasyncwait` 4 ms (5 ms beside a busy loop, with more threads runnable than cores).
    /// </summary>
    public double ComputingWaitSeconds { get; init; } = 0.025;

    /// <summary>
    /// Whether the measured queue delay, where the runnable samples have one, must also reach
    /// <see cref="ComputingWaitSeconds"/> (their p50s, weighted by items) for the runnable forms of cpu-saturated. Little's
    /// law reads a mean that a burst lifts: a healthy `taskasyncwait` at start-up on a crowded CI host had 19 queued at
    /// 481 done/s (40 ms) while its typical item waited 2-26 ms; the CPU-bound `cpu/20` beside a busy loop waited 100-270
    /// ms. Off: the rule as it was.
    /// </summary>
    public bool WeighMeasuredDelay { get; init; } = true;

    /// <summary>
    /// Run-queue wait over time on a CPU (the workers' sums, schedstat) at or above which runnable workers in a process
    /// under <see cref="ComputingCpuPercent"/> wait for CPUs other processes hold: not CPU-bound work (docs/detection.md).
    /// </summary>
    public double CrowdedWaitOverRun { get; init; } = 1;

    /// <summary>
    /// The workers' time on a CPU, as a percentage of all cores, under which they count as waiting for CPUs others hold
    /// (with <see cref="CrowdedWaitOverRun"/>): beside busy loops on both cores the CPU-bound `cpu/20` got 21-32 % (2 s
    /// windows), the healthy `taskasyncwait` 1.5-14 % (the highest while it compiled at start-up).
    /// </summary>
    public double CrowdedMaxOnCpuPercent { get; init; } = 15;

    /// <summary>
    /// The workers' time on a CPU (schedstat, the mean of the last two seconds' samples), per core, at or above which queued
    /// work waits behind threads that compute, not blocked ones (with <see cref="WorkersComputeMsPerThread"/>). Recorded
    /// 2026-11-27, the corpus three and four tests at a time on the 2-core machine: every blocking route's workers ran at
    /// most 106 ms/s in all over a second or more up to its verdict; the allocation-heavy `alloc` 320-448 ms/s while it
    /// read Starving by the signature (the process at 23-25 % CPU: the other tests held the cores), and in a later CI run
    /// 211-332 ms/s (crowded/alloc-mvc-4: Starving by the signature at 4.8 s on 211, under the first floor of 125 per
    /// core). 80 per core sits between the two on this machine's 2 cores (160: 1.5x the blocked routes' most, 0.76x
    /// alloc's least). docs/detection.md.
    /// </summary>
    public double WorkersComputeMsPerCore { get; init; } = 80;

    /// <summary>
    /// The same time per pool thread at or above which the workers compute: blocking routes 35 ms/s at most (three threads
    /// at start-up), `alloc` 71-145, and 51-53 in the later CI run (crowded/alloc-mvc-4, with hill climbing holding its
    /// goal under the 6 threads); 42 is between 35 and 51. A pool of hundreds of blocked threads never reaches it,
    /// whatever their sum.
    /// </summary>
    public double WorkersComputeMsPerThread { get; init; } = 42;

    /// <summary>Whether schedstat figures, where read, can veto the runnable forms of cpu-saturated (off: the rule as it was).</summary>
    public bool WeighRunQueue { get; init; } = true;

    /// <summary>Seconds of queued work (queue length / completed per second) that count as "not draining".</summary>
    public double QueuedSecondsOfWork { get; init; } = 1;

    /// <summary>Seconds over which queue-not-draining looks at the samples (the span between its first and last must be at least 1.5 s).</summary>
    public double NotDrainingSeconds { get; init; } = 2;

    /// <summary>Thread growth, threads per second, that counts as the pool still climbing.</summary>
    public double ClimbPerSecond { get; init; } = 0.5;

    /// <summary>Share of the window's samples whose queue must be at or above the floor for the queue to count as persistent (an oscillating queue still qualifies).</summary>
    public double PersistentQueueShare { get; init; } = 0.8;

    /// <summary>Samples the persistent-queue rule needs at least: one loaded second alone can be a burst.</summary>
    public int PersistentQueueMinSamples { get; init; } = 2;

    /// <summary>
    /// Seconds the persistent-queue stretch must span from its first to its last sample (two samples at 1 s, three at
    /// 0.5 s): half a second of queue on a fresh process whose cores other processes hold is start-up, not starvation.
    /// </summary>
    public double PersistentQueueMinSpanSeconds { get; init; } = 0.75;

    /// <summary>
    /// The persistent-queue stretch's shorter span (two half-second samples) where the latest interval's workers were
    /// quiet (<see cref="QuietWorkersMsPerSecond"/>): queued work beside threads that neither run nor wait for a CPU.
    /// </summary>
    public double QuietWorkersMinSpanSeconds { get; init; } = 0.4;

    /// <summary>
    /// The pool workers' time on a CPU plus in the run queue, in all (ms/s, schedstat), under which they count as quiet
    /// (asleep, blocked). Recorded on the lab's unannounced blocking routes at their second half-second sample, at a
    /// load average of 18-28: 4-58 ms/s (sleep, lock, semaphore, sync database and stream); a pool that computes or
    /// waits for CPUs other processes hold spends hundreds to thousands (queue/sync crowded: 1,100-1,300).
    /// </summary>
    public double QuietWorkersMsPerSecond { get; init; } = 100;

    /// <summary>
    /// Seconds an item sits in the queue (mean queue length over mean completed/s) that the persistent-queue rule needs:
    /// milliseconds in a healthy pool, so half a second is far outside it.
    /// </summary>
    public double PersistentQueueSecondsOfWork { get; init; } = 0.5;

    /// <summary>
    /// Measured queue delay (the median over the stretch of each sample's p50, milliseconds) that the persistent-queue
    /// rule takes instead of Little's law: a queue that swings from 3 to 120 twice a second (pool threads parked
    /// behind one slow <c>Lazy&lt;T&gt;</c> factory) is a quarter second by Little's law and 300 ms measured.
    /// </summary>
    public double PersistentQueueDelayMs { get; init; } = 200;

    /// <summary>
    /// Seconds a queued item still waits at the persistent-queue rule's latest sample (queue ÷ completed/s, or that sample's
    /// measured p50 delay, whichever is longer) for the stretch to count as starvation now. Over 1,116 corpus reports of
    /// CI runs (2026-11-28, every lab route, a crowded host) every queue-rule Starving on a blocking route was at 0.47 s
    /// or more; the one healthy route read Starving (gRPC CheckAsync at 3.3 s: 126 queued at the load's start, 4 queued
    /// at 241 done/s and a 3 ms delay by the verdict) was at 0.017 s.
    /// </summary>
    public double PersistentQueueNowSeconds { get; init; } = 0.1;

    /// <summary>
    /// The share of the pool's threads runnable over the stretch (mean runnable workers over mean threads) at which a queue
    /// that moves in milliseconds now (<see cref="PersistentQueueNowSeconds"/>) is a burst worked off, not a pool that
    /// blocks: 0.72 in the gRPC burst (3.8 of 5.2), 0 in the Lazy&lt;T&gt; convoys whose half-second lulls look the same.
    /// </summary>
    public double CaughtUpRunnableShare { get; init; } = 0.5;

    /// <summary>
    /// Seconds a queued item waits (queue ÷ completed/s, latest sample and the last three seconds) under which a pool that
    /// injects for blocking still keeps up (BlockingCompensated, not Starving). Recorded with MinThreads 300: 2-40 ms;
    /// starving ramps: seconds (100+ queued at 0-14/s). The measured median delay, when there, must be under it as well.
    /// </summary>
    public double KeepsUpSecondsOfWork { get; init; } = 0.1;

    /// <summary>Whether rule 2 weighs the queue's wait and the thread goal against the injections (off: the rule as it was, for the tests' controls).</summary>
    public bool WeighKeepsUp { get; init; } = true;

    /// <summary>
    /// The share of the previous sample's queue the latest must keep for the queue to count as persistent in the stuck-pool
    /// test (<see cref="PoolStuck"/>): a stuck pool's queue stays or creeps down by the item each new thread takes (60, 57,
    /// 55, 53 at 0 done/s, one core); a pool that creates threads for its queue loses a fifth or more of it a sample
    /// (MinThreads 300 on one core: 50 -> 25).
    /// </summary>
    public double StuckQueueKeptShare { get; init; } = 0.8;

    /// <summary>
    /// Whether a pool whose queue stays while next to nothing completes is kept from BlockingCompensated, and the thread goal
    /// counts only where threads are seen arriving (off: the rule as it was, for the tests' controls). docs/detection.md, rule 2.
    /// </summary>
    public bool WeighStuckQueue { get; init; } = true;

    /// <summary>
    /// Threads per second per core above which a pool with a kept queue is filling up to a raised MinThreads, not stuck:
    /// below its minimum the runtime creates a thread per queued item at once (fixtures/counters/compensated: 3 -> 126
    /// threads in half a second; on a busy CI host one clean-clone run read 2 samples with the queue kept while the pool
    /// grew, and called it Starving). A stuck pool grows by injection: 4-6 threads/s on one core
    /// (stuck/taskwait-cores1), about 10/s on two cores under cooperative-blocking injection (the README's taskwait).
    /// </summary>
    public double StuckMaxThreadGrowthPerCore { get; init; } = 12;

    /// <summary>The signature rule's wait (queue ÷ completed/s, seconds) below which a growing busy pool still flows.</summary>
    public double SignatureSecondsOfWork { get; init; } = 0.25;

    /// <summary>
    /// Seconds the signature rule's window must span (first to latest sample: two samples at 1 s, three at 0.5 s), as the
    /// persistent-queue rule's stretch must (<see cref="PersistentQueueMinSpanSeconds"/>): over one half-second step a
    /// hill-climbing move reads as a climb, and the scheduler's figures (<see cref="WorkersComputeMsPerCore"/>) do not cover
    /// the span yet. 0 turns the test off.
    /// </summary>
    public double SignatureMinSpanSeconds { get; init; } = 0.75;
}
