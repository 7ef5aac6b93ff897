using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Flight;

namespace PoolDoctor.Analysis.Flight;

/// <summary>
/// `watch --flight-recorder`: the last <see cref="FlightLimits.WindowSeconds"/> of counter samples, injections and wait
/// events, each in a <see cref="TimeRing{T}"/> bounded by that window and by <see cref="FlightLimits"/>' item counts.
/// <see cref="Snapshot"/> copies the window when a trigger fires, with the onset read off it. Time is the watch's
/// clock, passed in with every item; one owner (the watch loop) adds and reads.
/// </summary>
public sealed class FlightRecorder(FlightLimits limits, int cores)
{
    private readonly TimeRing<CounterSample> _samples = new(FlightLimits.MaxSamples, limits.WindowSeconds, s => s.Seconds);
    private readonly TimeRing<InjectionEvent> _injections = new(FlightLimits.MaxInjections, limits.WindowSeconds, i => i.Seconds);
    private readonly TimeRing<WaitEvent> _waits = new(FlightLimits.MaxWaits, limits.WindowSeconds, w => w.Seconds);
    private readonly List<string> _waitsOff = [];

    public FlightLimits Limits { get; } = limits;

    public int WaitCount => _waits.Count;

    public void Add(CounterInterval interval)
    {
        foreach (var injection in interval.Injections)
        {
            _injections.Add(injection);
        }
        _samples.Add(interval.Sample);
        // The clock is the newest sample: a quiet wait stream still ages out.
        var before = interval.Sample.Seconds - Limits.WindowSeconds;
        _injections.Expire(before);
        _waits.Expire(before);
    }

    public void Add(WaitEvent wait) => _waits.Add(wait);

    /// <summary>Notes a stretch without wait events (the session was off or could not start), shown with the recording.</summary>
    public void WaitsOff(string why)
    {
        if (_waitsOff.Count < 16)
        {
            _waitsOff.Add(why);
        }
    }

    /// <summary>The window up to <paramref name="triggerSeconds"/>, as the report shows it.</summary>
    public FlightRecording Snapshot(double triggerSeconds)
    {
        var from = Math.Max(triggerSeconds - Limits.WindowSeconds,
            new[] { _samples.OldestSeconds, _injections.OldestSeconds, _waits.OldestSeconds }.Min() ?? triggerSeconds);
        var samples = _samples.Between(from, triggerSeconds);
        var injections = _injections.Between(from, triggerSeconds);
        var waits = _waits.Between(from, triggerSeconds);
        return new FlightRecording(
            Limits, from, triggerSeconds, samples, injections, WaitSecondCounter.Count(waits),
            OnsetFinder.Find(samples, injections, waits, from, triggerSeconds, cores),
            _waits.Evicted, [.. _waitsOff]);
    }

    /// <summary>A new target: nothing of the old one belongs in its window.</summary>
    public void Clear()
    {
        _samples.Clear();
        _injections.Clear();
        _waits.Clear();
        _waitsOff.Clear();
    }
}
