namespace PoolDoctor.Analysis.Triggers;

/// <summary>The counter a `watch --trigger` compares, named as the trigger grammar writes it.</summary>
public enum TriggerSignal
{
    /// <summary>`queue`: work items waiting in the pool's queue.</summary>
    Queue,

    /// <summary>`threads`: pool thread count.</summary>
    Threads,

    /// <summary>`completed`: work items completed per second.</summary>
    Completed,

    /// <summary>`cpu`: the target's CPU, percent of all cores.</summary>
    Cpu,

    /// <summary>`queue-delay-p50`: median time an item waited in the queue (needs the queue-delay measurement).</summary>
    QueueDelayP50,

    /// <summary>`queue-delay-p99`.</summary>
    QueueDelayP99,

    /// <summary>`queue-delay-max`.</summary>
    QueueDelayMax,
}
