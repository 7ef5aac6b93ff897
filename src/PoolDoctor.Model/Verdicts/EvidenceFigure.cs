namespace PoolDoctor.Model.Verdicts;

/// <summary>A figure a sentence carries beside its first one (the slope beside the thread count, p99 beside p50).</summary>
public sealed record EvidenceFigure(FigureName Name, double Value, EvidenceUnit Unit);

/// <summary>What a further figure is; report.json writes the kebab-case name (<see cref="FigureNames.Name"/>).</summary>
public enum FigureName
{
    ThreadSlope,
    Threads,
    ThreadsAlive,
    RunnableThreads,
    RunnableThreshold,
    Completed,
    QueueMean,
    QueueMax,
    SamplesAtOrAbove,
    Samples,
    WaitMs,
    KeepsUpMs,
    MeasuredDelayMs,
    P99Ms,
    MaxMs,
    WorkItems,
    QueuedBeforeSession,
    CpuThreshold,
    CpuPercent,
    AtSeconds,
    ThreadGoal,
    OnCpuMsPerSecond,
    RunQueueMsPerSecond,
    MsPerTimeslice,
    OnCpuMsPerThread,
    OnCpuThresholdPerThread,
    QueuedNow,
}

public static class FigureNames
{
    public static string Name(this FigureName name) => KebabCase.Of(name.ToString());
}
