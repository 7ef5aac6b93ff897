using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Triggers;

/// <summary>Reads a trigger's signal off a counter sample; null when the sample does not carry it.</summary>
public static class TriggerSignalReader
{
    public static double? Read(CounterSample sample, TriggerSignal signal) => signal switch
    {
        TriggerSignal.Queue => sample.QueueLength,
        TriggerSignal.Threads => sample.ThreadCount,
        TriggerSignal.Completed => sample.CompletedPerSecond,
        TriggerSignal.Cpu => sample.CpuPercent,
        // Milliseconds, like the trigger's threshold; absent (null: the trigger does not hold) while the pool completes too
        // many items for the per-item events to be cheap (docs/detection.md, queue delay).
        TriggerSignal.QueueDelayP50 => sample.QueueDelayMs?.P50,
        TriggerSignal.QueueDelayP99 => sample.QueueDelayMs?.P99,
        TriggerSignal.QueueDelayMax => sample.QueueDelayMs?.Max,
        _ => null,
    };

    /// <summary>True when this build measures the signal at all (a watch says so once at start when it does not).</summary>
    public static bool IsMeasured(TriggerSignal signal) => Enum.IsDefined(signal);
}
