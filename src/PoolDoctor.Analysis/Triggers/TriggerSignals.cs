using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Triggers;

/// <summary>Reads a trigger's signal off a counter sample; null when the sample does not carry it.</summary>
public static class TriggerSignals
{
    public static double? Read(CounterSample sample, TriggerSignal signal) => signal switch
    {
        TriggerSignal.Queue => sample.QueueLength,
        TriggerSignal.Threads => sample.ThreadCount,
        TriggerSignal.Completed => sample.CompletedPerSecond,
        TriggerSignal.Cpu => sample.CpuPercent,
        // The queue delay is not part of CounterSample yet: these triggers parse, and say they cannot fire.
        _ => null,
    };

    /// <summary>True when this build measures the signal at all (a watch says so once at start when it does not).</summary>
    public static bool IsMeasured(TriggerSignal signal) =>
        signal is not (TriggerSignal.QueueDelayP50 or TriggerSignal.QueueDelayP99 or TriggerSignal.QueueDelayMax);
}
