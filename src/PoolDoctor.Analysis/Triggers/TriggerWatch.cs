using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Triggers;

/// <summary>
/// Follows one trigger over a live series: it fires on the sample at which its condition has held for the trigger's
/// hold time. Time is the samples' own Seconds; each sample stands for the interval that ends at it, so a condition
/// seen on one 1 s sample has held for 1 s. A sample without the signal breaks the hold.
/// </summary>
public sealed class TriggerWatch(Trigger trigger)
{
    private double? _heldSince;
    private double? _previousSeconds;

    public Trigger Trigger { get; } = trigger;

    /// <summary>True while the condition holds long enough (every sample of a long episode, not only the first).</summary>
    public bool Add(CounterSample sample)
    {
        var intervalStart = _previousSeconds ?? sample.Seconds - 1;
        _previousSeconds = sample.Seconds;
        if (TriggerSignalReader.Read(sample, Trigger.Signal) is not { } value || !Trigger.IsMet(value))
        {
            _heldSince = null;
            return false;
        }
        _heldSince ??= intervalStart;
        // A hair of tolerance: sample times jitter by milliseconds around whole seconds.
        return sample.Seconds - _heldSince.Value >= Trigger.Hold.TotalSeconds - 0.05;
    }
}
