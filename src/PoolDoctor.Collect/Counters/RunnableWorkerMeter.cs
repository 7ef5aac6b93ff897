using PoolDoctor.Model.Counters;

namespace PoolDoctor.Collect.Counters;

/// <summary>
/// Samples <see cref="WorkerThreadStates"/> several times a second and averages per counter interval; per interval also
/// the workers' run and run-queue times (<see cref="WorkerSchedStats"/>).
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
            var mean = _count > 0 ? Math.Round(_sum / _count, 2) : (double?)null;
            _sum = 0;
            _count = 0;
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
        return workers is null ? null : _sched.Take(workers);
    }

    public void Dispose()
    {
        _stop.Cancel();
        _stop.Dispose();
    }
}
