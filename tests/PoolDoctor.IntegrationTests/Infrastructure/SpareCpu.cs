using System.Globalization;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// The share of the machine's CPU time that went idle over the last few seconds, from /proc/stat (idle and iowait over
/// all time, every core), sampled once a second. Null where /proc/stat is not read (not Linux) or before two samples.
/// </summary>
internal sealed class SpareCpu : IDisposable
{
    private readonly Queue<(long Busy, long Idle)> _samples = new();
    private readonly int _keep;
    private readonly Timer _timer;

    public SpareCpu(int seconds)
    {
        _keep = seconds + 1;
        _timer = new Timer(_ => Sample(), null, TimeSpan.Zero, TimeSpan.FromSeconds(1));
    }

    public double? IdleShare
    {
        get
        {
            lock (_samples)
            {
                if (_samples.Count < _keep)
                {
                    return null;
                }
                var (busy0, idle0) = _samples.Peek();
                var (busy1, idle1) = _samples.Last();
                var total = busy1 - busy0 + idle1 - idle0;
                return total > 0 ? (double)(idle1 - idle0) / total : null;
            }
        }
    }

    private void Sample()
    {
        if (Read() is not { } now)
        {
            return;
        }
        lock (_samples)
        {
            _samples.Enqueue(now);
            while (_samples.Count > _keep)
            {
                _samples.Dequeue();
            }
        }
    }

    /// <summary>The "cpu" line's ticks: user nice system idle iowait irq softirq steal (guest time is already in user).</summary>
    private static (long Busy, long Idle)? Read()
    {
        try
        {
            var line = File.ReadLines("/proc/stat").FirstOrDefault(l => l.StartsWith("cpu ", StringComparison.Ordinal));
            var ticks = line?.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Take(8)
                .Select(t => long.Parse(t, CultureInfo.InvariantCulture)).ToArray();
            if (ticks is not { Length: 8 })
            {
                return null;
            }
            var idle = ticks[3] + ticks[4];
            return (ticks.Sum() - idle, idle);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return null;
        }
    }

    public void Dispose() => _timer.Dispose();
}
