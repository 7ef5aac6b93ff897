namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Whether the queue-delay session is wanted after a counter sample, for <see cref="QueueDelayMode.WhileQueued"/>: from
/// the first sample with work queued until <see cref="HoldSeconds"/> after the last one. The hold keeps a pool whose
/// queue flickers between 0 and a few items from starting and stopping a session (each start allocates its buffer in
/// the target) every second.
/// </summary>
public sealed class QueueDelayDemand
{
    public const double HoldSeconds = 10;

    private readonly QueueDelayMode _mode;
    private double _queuedUntil = double.NegativeInfinity;

    public QueueDelayDemand(QueueDelayMode mode) => _mode = mode;

    public bool Wants(double seconds, double queueLength)
    {
        switch (_mode)
        {
            case QueueDelayMode.Off:
                return false;
            case QueueDelayMode.Always:
                return true;
            default:
                if (queueLength >= 1)
                {
                    _queuedUntil = seconds + HoldSeconds;
                }
                return seconds <= _queuedUntil;
        }
    }
}
