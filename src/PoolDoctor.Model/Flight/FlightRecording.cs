using PoolDoctor.Model.Counters;

namespace PoolDoctor.Model.Flight;

/// <summary>
/// The flight recorder's window as the trigger found it: from <see cref="FromSeconds"/> (the oldest evidence still
/// held) to <see cref="TriggerSeconds"/>, the counter samples, injections and per-second wait counts of that window,
/// the onset read off them, and what the bounds cost: <see cref="EvictedWaits"/> wait events pushed out by the item
/// bound before their time was up, and the stretches the wait session was off (<see cref="WaitsOff"/>, with why).
/// </summary>
public sealed record FlightRecording(
    FlightLimits Limits,
    double FromSeconds,
    double TriggerSeconds,
    IReadOnlyList<CounterSample> Samples,
    IReadOnlyList<InjectionEvent> Injections,
    IReadOnlyList<WaitSecond> Waits,
    FlightOnset Onset,
    long EvictedWaits,
    IReadOnlyList<string> WaitsOff)
{
    /// <summary>The same recording with every time moved by <paramref name="offset"/> (a report counts from its first sample).</summary>
    public FlightRecording Shifted(double offset) => this with
    {
        FromSeconds = FromSeconds + offset,
        TriggerSeconds = TriggerSeconds + offset,
        Samples = [.. Samples.Select(s => s with { Seconds = s.Seconds + offset })],
        Injections = [.. Injections.Select(i => i with { Seconds = i.Seconds + offset })],
        Waits = [.. Waits.Select(w => w with { FromSeconds = w.FromSeconds + offset })],
        Onset = Onset with
        {
            SpanFromSeconds = Onset.SpanFromSeconds + offset,
            LastCalmSeconds = Onset.LastCalmSeconds + offset,
            QueueGrowingSinceSeconds = Onset.QueueGrowingSinceSeconds + offset,
            FirstStarvationInjectionSeconds = Onset.FirstStarvationInjectionSeconds + offset,
            FirstWaits = [.. Onset.FirstWaits.Select(f => f with { FirstSeconds = f.FirstSeconds + offset })],
        },
    };
}
