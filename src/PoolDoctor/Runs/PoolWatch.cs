using System.Runtime.CompilerServices;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Runs;

/// <summary>
/// The watch loop every live verb shares (counters, detect, diagnose, watch): one counter session on the target feeding
/// the starvation detector, read as <see cref="PoolInterval"/>s until the caller's token ends it (quietly) or the stream
/// ends. <see cref="StopAsync"/> always stops the session and says why the stream ended.
/// </summary>
internal sealed class PoolWatch : IAsyncDisposable
{
    private readonly CounterSession _watcher;

    private PoolWatch(CounterSession watcher)
    {
        _watcher = watcher;
        Detector = new StarvationDetector(watcher.Cores);
    }

    public int Cores => _watcher.Cores;

    /// <summary>Where the samples' seconds count from.</summary>
    public DateTime StartUtc => _watcher.StartUtc;

    /// <summary>The pool's bounds as the runtime last reported them during the watch (see <see cref="CounterSession.LimitsSet"/>).</summary>
    public Model.Targets.PoolLimits? LimitsSet => _watcher.LimitsSet;

    /// <summary>The series so far and the current verdict (bounded only when the caller calls Forget).</summary>
    public StarvationDetector Detector { get; }

    /// <summary>
    /// The counter interval where a verdict is wanted fast (`detect`, `diagnose`): the rules that need two or three
    /// samples with work queued (sync I/O, locks, semaphores: no injection from the runtime) decide in half the time,
    /// and every rule keeps its meaning in seconds. bench/RESULTS.md has the figures.
    /// </summary>
    public const double FastIntervalSeconds = 0.5;

    /// <summary>Starts watching; <paramref name="intervalSeconds"/> is the counter interval (1 s, or <see cref="FastIntervalSeconds"/>).</summary>
    public static async Task<PoolWatch> StartAsync(AttachedTarget target, CancellationToken cancellation, double intervalSeconds = 1, QueueDelayMode queueDelay = QueueDelayMode.Always) =>
        new(await CounterSession.StartAsync(target, cancellation, intervalSeconds, queueDelay));

    /// <summary>Readings until <paramref name="stop"/> fires (the enumeration just ends) or the stream ends.</summary>
    public async IAsyncEnumerable<PoolInterval> ReadAllAsync([EnumeratorCancellation] CancellationToken stop)
    {
        var intervals = _watcher.ReadAllAsync(stop).GetAsyncEnumerator(stop);
        try
        {
            while (true)
            {
                bool more;
                try
                {
                    more = await intervals.MoveNextAsync();
                }
                catch (OperationCanceledException) when (stop.IsCancellationRequested)
                {
                    yield break;
                }
                if (!more)
                {
                    yield break;
                }
                yield return new PoolInterval(intervals.Current, Detector.Add(intervals.Current));
            }
        }
        finally
        {
            await intervals.DisposeAsync();
        }
    }

    /// <summary>Stops the session (safe twice) and tells how the stream ended: Stopped when we ended it.</summary>
    public async Task<WatchEnd> StopAsync()
    {
        await _watcher.StopAsync();
        return _watcher.Ended.IsCompleted ? await _watcher.Ended : new WatchEnd(WatchEndKind.Stopped, "stopped");
    }

    public async ValueTask DisposeAsync() => await _watcher.DisposeAsync();
}
