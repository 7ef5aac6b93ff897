using System.Diagnostics;
using System.Numerics;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Load.Stats;

/// <summary>
/// The per-second series of a load (UTC second, requests, errors, p50/p99), recorded off the hot path's shared state:
/// each recording thread owns a <see cref="Slot"/> (a ring of four seconds of coarse log-bucket latency counts), so a
/// record is a bucket index and two increments, no lock and no allocation. The seconds are harvested once settled
/// (two seconds old, so no thread still writes them) by whoever calls <see cref="Collect"/> (a run's monitor, about
/// every 10 ms) and at the end by <see cref="Complete"/>. Memory: 4.7 KiB per recording thread plus one small record
/// per second of the run (a day is 86,400 of them). Several loads may share one series (diagnose --load with
/// several URLs): their seconds add up.
/// </summary>
public sealed class LoadSeries : IDisposable
{
    // Buckets of 1/8 octave (each about 9 % wide, so a percentile is within ±4.5 %), 1 µs to 2^37 µs (38 h).
    private const int SubBuckets = 8;
    private const int Octaves = 37;
    internal const int BucketCount = (Octaves * SubBuckets) + 1;
    private const int RingSeconds = 4;
    private const int SettledAfterSeconds = 2;

    private readonly ThreadLocal<Slot> _slots;
    private readonly long _baseTicks;
    private readonly long _baseUnixSecond;
    private readonly long _ticksPerSecond;
    private readonly List<LoadSecond> _seconds = [];
    private readonly object _gate = new();
    private readonly long[] _merged = new long[BucketCount];
    private readonly int[] _scratch = new int[BucketCount];
    private long _nextSecond;
    private long _lastSecondSeen;

    /// <summary>Anchors the series to the UTC clock now, then counts whole UTC seconds with the monotonic clock.</summary>
    public LoadSeries()
        : this(DateTimeOffset.UtcNow, Stopwatch.GetTimestamp(), Stopwatch.Frequency)
    {
    }

    internal LoadSeries(DateTimeOffset utcNow, long timestampNow, long ticksPerSecond)
    {
        _ticksPerSecond = ticksPerSecond;
        var unixMs = utcNow.ToUnixTimeMilliseconds();
        _baseUnixSecond = unixMs / 1000;
        // The stopwatch moment at which the current UTC second began.
        _baseTicks = timestampNow - (unixMs % 1000 * ticksPerSecond / 1000);
        _nextSecond = 0;
        _lastSecondSeen = -1;
        _slots = new ThreadLocal<Slot>(() => new Slot(this), trackAllValues: true);
    }

    /// <summary>The calling thread's slot; a loop that records from one thread takes it once.</summary>
    internal Slot ForThisThread() => _slots.Value!;

    /// <summary>Records a response completed at <paramref name="timestamp"/> (Stopwatch ticks) on the calling thread.</summary>
    public void Record(long timestamp, long latencyMicroseconds) => ForThisThread().Record(timestamp, latencyMicroseconds);

    public void RecordError(long timestamp) => ForThisThread().RecordError(timestamp);

    /// <summary>Seconds since the series' base second (0 is the UTC second the series began in).</summary>
    internal long SecondOf(long timestamp) => timestamp <= _baseTicks ? 0 : (timestamp - _baseTicks) / _ticksPerSecond;

    /// <summary>Harvests every second that has settled by <paramref name="timestamp"/>.</summary>
    public void Collect(long timestamp)
    {
        var settled = SecondOf(timestamp) - SettledAfterSeconds;
        if (settled < _nextSecond)
        {
            return;
        }
        lock (_gate)
        {
            while (_nextSecond <= settled)
            {
                Harvest(_nextSecond++);
            }
        }
    }

    /// <summary>Harvests what is left, once no thread records any more; returns the whole series, trailing empty seconds cut.</summary>
    public IReadOnlyList<LoadSecond> Complete()
    {
        lock (_gate)
        {
            var last = Volatile.Read(ref _lastSecondSeen);
            foreach (var slot in _slots.Values)
            {
                last = Math.Max(last, slot.LastSecond);
            }
            while (_nextSecond <= last)
            {
                Harvest(_nextSecond++);
            }
            return Snapshot();
        }
    }

    /// <summary>The seconds harvested so far.</summary>
    public IReadOnlyList<LoadSecond> Snapshot()
    {
        lock (_gate)
        {
            return [.. _seconds];
        }
    }

    private void Harvest(long second)
    {
        Array.Clear(_merged);
        long requests = 0, errors = 0;
        foreach (var slot in _slots.Values)
        {
            slot.AddTo(second, _merged, _scratch, ref requests, ref errors);
        }
        _seconds.Add(new LoadSecond(
            DateTimeOffset.FromUnixTimeSeconds(_baseUnixSecond + second),
            requests,
            errors,
            requests == 0 ? null : Percentile(_merged, requests, 50),
            requests == 0 ? null : Percentile(_merged, requests, 99)));
        Volatile.Write(ref _lastSecondSeen, Math.Max(_lastSecondSeen, second));
    }

    /// <summary>Nearest rank, answered with the bucket's upper bound (capped at the largest recordable value), in ms.</summary>
    internal static double Percentile(long[] buckets, long count, double percentile)
    {
        var rank = Math.Max(1, (long)Math.Ceiling(percentile / 100.0 * count));
        long seen = 0;
        for (var i = 0; i < buckets.Length; i++)
        {
            seen += buckets[i];
            if (seen >= rank)
            {
                return UpperBoundMicroseconds(i) / 1000.0;
            }
        }
        return UpperBoundMicroseconds(buckets.Length - 1) / 1000.0;
    }

    /// <summary>The bucket of a latency: 0 for 0-1 µs, then 8 per octave.</summary>
    internal static int BucketOf(long microseconds)
    {
        if (microseconds <= 1)
        {
            return 0;
        }
        var octave = BitOperations.Log2((ulong)microseconds);
        if (octave >= Octaves)
        {
            return BucketCount - 1;
        }
        // The three bits below the leading one say which eighth of the octave the value is in.
        var sub = octave >= 3 ? (int)((microseconds >> (octave - 3)) & 7) : (int)((microseconds << (3 - octave)) & 7);
        return 1 + (octave * SubBuckets) + sub;
    }

    /// <summary>The largest latency (µs) a bucket holds.</summary>
    internal static double UpperBoundMicroseconds(int bucket)
    {
        if (bucket == 0)
        {
            return 1;
        }
        var octave = (bucket - 1) / SubBuckets;
        var sub = (bucket - 1) % SubBuckets;
        return Math.Pow(2, octave) * (1 + ((sub + 1) / (double)SubBuckets));
    }

    public void Dispose() => _slots.Dispose();

    /// <summary>One recording thread's ring of four seconds; only that thread writes it, the harvester reads settled seconds.</summary>
    internal sealed class Slot
    {
        private readonly LoadSeries _series;
        private readonly long[] _tags = [-1, -1, -1, -1];
        private readonly int[][] _buckets = [new int[BucketCount], new int[BucketCount], new int[BucketCount], new int[BucketCount]];
        private readonly long[] _requests = new long[RingSeconds];
        private readonly long[] _errors = new long[RingSeconds];

        public Slot(LoadSeries series) => _series = series;

        /// <summary>The latest second this slot recorded in (read by <see cref="Complete"/>).</summary>
        public long LastSecond { get; private set; } = -1;

        public void Record(long timestamp, long latencyMicroseconds)
        {
            var index = Enter(_series.SecondOf(timestamp));
            _buckets[index][BucketOf(latencyMicroseconds)]++;
            _requests[index]++;
        }

        public void RecordError(long timestamp)
        {
            var index = Enter(_series.SecondOf(timestamp));
            _errors[index]++;
        }

        // The ring slot of a second, cleared by its owner when the second is new. A second that far behind the harvest
        // (a thread descheduled over two seconds) still lands in its own second if it is not harvested yet, else it is lost.
        private int Enter(long second)
        {
            var index = (int)(second & (RingSeconds - 1));
            if (_tags[index] != second)
            {
                Array.Clear(_buckets[index]);
                _requests[index] = 0;
                _errors[index] = 0;
                Volatile.Write(ref _tags[index], second);
            }
            if (second > LastSecond)
            {
                LastSecond = second;
            }
            return index;
        }

        public void AddTo(long second, long[] merged, int[] scratch, ref long requests, ref long errors)
        {
            var index = (int)(second & (RingSeconds - 1));
            if (Volatile.Read(ref _tags[index]) != second)
            {
                return;
            }
            _buckets[index].CopyTo(scratch, 0);
            var secondRequests = _requests[index];
            var secondErrors = _errors[index];
            // The owner reuses this ring slot four seconds on; if it already did, what was copied is mixed: drop it.
            if (Volatile.Read(ref _tags[index]) != second)
            {
                return;
            }
            for (var i = 0; i < scratch.Length; i++)
            {
                merged[i] += scratch[i];
            }
            requests += secondRequests;
            errors += secondErrors;
        }
    }
}
