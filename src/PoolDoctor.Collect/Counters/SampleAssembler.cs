using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Gathers the counters the runtime writes one event at a time into one <see cref="CounterSample"/> per interval.
/// It only keeps the series of our own interval ("Interval=1000") while that series flows, so the extra series
/// another tool's session can cause are ignored instead of doubling our samples; if only another interval
/// arrives (a tool asked for a shorter one and the runtime serves the smallest), that one is used.
/// </summary>
internal sealed class SampleAssembler(int cores, double intervalSeconds = 1)
{
    private readonly Dictionary<string, double> _current = new(StringComparer.Ordinal);
    private readonly Dictionary<string, double> _last = new(StringComparer.Ordinal);
    private readonly string _ownSeries = $"Interval={(int)Math.Round(intervalSeconds * 1000)}";
    private double _ownSeriesSeenAt = double.NegativeInfinity;
    private bool _built;

    public int Cores { get; } = cores;

    /// <summary>Adds one reading taken at <paramref name="seconds"/>; returns a sample when the interval is complete.</summary>
    public CounterSample? Add(CounterValue reading, double seconds)
    {
        if (!CounterNames.Wanted.Contains(reading.Name))
        {
            return null;
        }
        if (reading.Series == _ownSeries)
        {
            _ownSeriesSeenAt = seconds;
        }
        else if (seconds - _ownSeriesSeenAt < 3 * intervalSeconds)
        {
            return null;
        }

        CounterSample? finished = null;
        if (_current.ContainsKey(reading.Name))
        {
            // A counter repeats before the set was complete: the previous interval lost an event; close it anyway.
            finished = Build(seconds);
        }
        _current[reading.Name] = reading.Value;
        if (_current.Count == CounterNames.Wanted.Count)
        {
            finished = Build(seconds);
        }
        return finished;
    }

    private CounterSample Build(double seconds)
    {
        foreach (var (name, value) in _current)
        {
            _last[name] = value;
        }
        _current.Clear();
        var first = !_built;
        _built = true;
        return new CounterSample(
            Seconds: Math.Round(seconds, 3),
            ThreadCount: Value(CounterNames.ThreadCount),
            QueueLength: Value(CounterNames.QueueLength),
            CompletedPerSecond: Value(CounterNames.Completed),
            CpuPercent: Value(CounterNames.Cpu),
            Cores: Cores,
            LockContentionsPerSecond: Value(CounterNames.LockContentions),
            GcHeapMb: Value(CounterNames.GcHeap),
            FirstInterval: first);
    }

    private double Value(string name) => _last.TryGetValue(name, out var value) ? value : 0;
}
