using System.Diagnostics;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Samples <see cref="WorkerThreadStates"/> several times a second and averages per counter interval; per interval also
/// the workers' run and run-queue times (<see cref="WorkerSchedStats"/>). A target left little CPU sends its counter
/// samples late and in bursts (the lab beside busy loops at a load average near 40: nine samples of 4.5 s handled at
/// once); the samples of one burst share the figures measured for it, where they used to get none after the first, and
/// the rules read those samples' low CPU with no scheduler figure beside it (issue 37: `detect` said Starving where
/// `diagnose`, whose samples carried the figures, said CpuSaturated).
/// </summary>
internal sealed class RunnableWorkerMeter(int pid) : IDisposable
{
    private readonly Lock _gate = new();
    private readonly WorkerThreadStates _states = new(pid);
    private readonly WorkerSchedStats _sched = new(pid);
    private IReadOnlyList<int>? _workers;
    private readonly CancellationTokenSource _stop = new();
    private double _sum;
    private int _count;
    private Task? _loop;

    // Two takes closer than this belong to one burst of samples handled back to back.
    private static readonly TimeSpan BurstGap = TimeSpan.FromMilliseconds(100);
    private (long Ticks, double? Mean) _lastMean;
    private (long Ticks, WorkerScheduling? Figures) _lastScheduling;

    public void Start()
    {
        if (pid > 0)
        {
            // The schedstat baseline now, before the first sample: otherwise the first sample only finds the workers and
            // the second takes the baseline, and the scheduler's figures begin at the third (1-1.5 s after attach at 0.5 s
            // samples), after a queue rule may have read a low CPU as blocked threads (issue 37: `detect` said Starving
            // beside busy neighbours where `diagnose`, attached later with the figures, said CpuSaturated).
            if (_states.Read() is not null && _states.LastWorkers is { } workers)
            {
                _workers = workers;
                _sched.Take(workers);
            }
            _loop = Task.Run(() => LoopAsync(_stop.Token));
        }
    }

    private async Task LoopAsync(CancellationToken cancellation)
    {
        using var timer = new PeriodicTimer(TimeSpan.FromMilliseconds(100));
        while (!cancellation.IsCancellationRequested)
        {
            try
            {
                await timer.WaitForNextTickAsync(cancellation);
            }
            catch (OperationCanceledException)
            {
                return;
            }
            if (_states.Read() is not { } now)
            {
                return;
            }
            lock (_gate)
            {
                _sum += now.Runnable;
                _count++;
                _workers = _states.LastWorkers;
            }
        }
    }

    /// <summary>The mean since the previous call, or null when nothing was sampled.</summary>
    public double? TakeMean()
    {
        lock (_gate)
        {
            var now = Stopwatch.GetTimestamp();
            var mean = _count > 0 ? Math.Round(_sum / _count, 2)
                : Stopwatch.GetElapsedTime(_lastMean.Ticks, now) < BurstGap ? _lastMean.Mean : null;
            _sum = 0;
            _count = 0;
            _lastMean = (now, mean);
            return mean;
        }
    }

    /// <summary>The workers' scheduling since the previous call; null at the first call or where schedstat cannot be read.</summary>
    public WorkerScheduling? TakeScheduling()
    {
        IReadOnlyList<int>? workers;
        lock (_gate)
        {
            workers = _workers;
        }
        // Before the first pass over the threads there is no worker list to read; the first read is the baseline.
        var figures = workers is null ? null : _sched.Take(workers);
        var now = Stopwatch.GetTimestamp();
        lock (_gate)
        {
            // A sample right behind the previous one (no span to divide by) shares its figures.
            figures ??= Stopwatch.GetElapsedTime(_lastScheduling.Ticks, now) < BurstGap ? _lastScheduling.Figures : null;
            _lastScheduling = (now, figures);
        }
        return figures;
    }

    public void Dispose()
    {
        _stop.Cancel();
        _stop.Dispose();
    }
}
