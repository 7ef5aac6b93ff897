namespace PoolDoctor.Model.Verdicts;

/// <summary>
/// Which fact an <see cref="EvidenceItem"/> states: one kind per sentence form the reports print (docs/detection.md).
/// The kind, not the wording, is what a reader of report.json's <c>evidenceItems</c> matches on; its JSON name is the
/// kebab-case one (<see cref="EvidenceKindNames.Name"/>), and names are only ever added.
/// </summary>
public enum EvidenceKind
{
    /// <summary>Words with no figure from outside the detector (a test's fixture, an older report): <see cref="EvidenceItem.Note"/>.</summary>
    Note,
    NoSampleYet,
    NoSamples,
    OneSample,
    ThreadCount,
    ThreadCountSettled,
    /// <summary>Threads well above the cores that still grow, one whenever all are blocked, under a thread goal that leaves room and with nothing queued.</summary>
    ThreadsGrowOnDemand,
    ThreadGoal,
    ThreadGoalCoversQueue,
    QueueLength,
    /// <summary>The queue was at or above its threshold in the previous sample too.</summary>
    QueueLengthSustained,
    /// <summary>The queue stayed up for <see cref="EvidenceItem.WindowSeconds"/>.</summary>
    QueueLengthFor,
    /// <summary>The queue beside its flow (Little's law), for a pool that out-grows its blocked threads.</summary>
    QueueFlows,
    QueueWaitsForCpu,
    QueueNeverDrains,
    QueueStaysUp,
    QueueWait,
    QueueWaitMean,
    QueueDelay,
    Completed,
    NothingCompleted,
    CpuBusy,
    CpuHeldElsewhere,
    Cpu,
    CpuThreadsWait,
    CpuExtraThreadsWait,
    PoolComputes,
    RunnableThreads,
    RunnableOthersBlocked,
    StarvationInjections,
    CooperativeBlockingInjections,
    CooperativeBlockingSeen,
    CooperativeBlockingCompensated,
    BlockingInjectionsSoFar,
    StarvationInjectionsDrained,
    NoStarvationInjection,
    NoStarvationInjectionGate,
    NoInjectionBottleneck,
    InjectionsDidNotDrain,
    NotStarving,
    KeptUpByMinThreads,
    KeptUpByGrowth,
    KeptUpByGrowthUnconfigured,
    /// <summary>Runnable workers mostly waited in the run queue for CPUs other processes hold (schedstat): not CPU-bound work.</summary>
    RunQueueHeldElsewhere,
    /// <summary>How long the runnable workers ran on a CPU and waited for one (schedstat), beside a CpuSaturated verdict.</summary>
    PoolThreadsRun,
    /// <summary>Work is queued, but the workers ran on a CPU long enough (schedstat) to be computing, not blocked: no queue rule reads Starving.</summary>
    WorkersCompute,
    /// <summary>The queue held work over a stretch, but the latest interval moved it in milliseconds: a burst the pool caught up with, not starvation.</summary>
    QueueCaughtUp,
}

/// <summary>An evidence kind's name as report.json writes it.</summary>
public static class EvidenceKindNames
{
    public static string Name(this EvidenceKind kind) => KebabCase.Of(kind.ToString());
}
