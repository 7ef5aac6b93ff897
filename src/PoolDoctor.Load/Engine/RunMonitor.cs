using System.Diagnostics;
using PoolDoctor.Load.Stats;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// The one timer of a run, on its own thread so a busy thread pool cannot delay it: every 10 ms it samples the
/// request rate, harvests the settled seconds of the per-second series and checks the deadline; every 200 ms it
/// reports progress. (Each loop enforces its own requests' timeouts.)
/// </summary>
internal sealed class RunMonitor : IDisposable
{
    private static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(10);
    private static readonly long ProgressTicks = Stopwatch.Frequency / 5;

    private readonly IReadOnlyList<ConnectionStats> _connections;
    private readonly LoadSeries _series;
    private readonly RunControl _control;
    private readonly LoadOptions _options;
    private readonly IProgress<LoadProgress>? _progress;
    private readonly Task _loops;
    private readonly CancellationToken _cancellation;
    private readonly ManualResetEventSlim _wake = new();

    public RunMonitor(IReadOnlyList<ConnectionStats> connections, LoadSeries series, RunControl control, LoadOptions options, Task loops,
        IProgress<LoadProgress>? progress, CancellationToken cancellation)
    {
        _connections = connections;
        _series = series;
        _control = control;
        _options = options;
        _loops = loops;
        _progress = progress;
        _cancellation = cancellation;
        Sampler = new RateSampler(control.StartTimestamp);
    }

    public RateSampler Sampler { get; }

    /// <summary>When the run was aborted (cancellation, or a drain that overran); 0 if the loops finished on their own.</summary>
    public long StoppedAt { get; private set; }

    /// <summary>Runs the monitor on a dedicated thread; completes when the run should stop.</summary>
    public Task RunAsync()
    {
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            using var registration = _cancellation.UnsafeRegister(_ => _wake.Set(), null);
            try
            {
                Loop();
                done.SetResult();
            }
            catch (Exception e)
            {
                done.SetException(e);
            }
        })
        {
            IsBackground = true,
            Name = "pooldoctor-load-monitor",
        };
        _loops.ContinueWith(_ => _wake.Set(), TaskScheduler.Default);
        thread.Start();
        return done.Task;
    }

    private void Loop()
    {
        var deadline = _control.StartTimestamp + (long)(_options.Duration.TotalSeconds * Stopwatch.Frequency);
        // After the deadline requests in flight may finish within their own timeout (bombardier does the same);
        // the watchdog enforces that timeout, this is only the last resort if a loop does not notice.
        var drainLimit = deadline + (long)((_options.Timeout.TotalSeconds + 2) * Stopwatch.Frequency);
        var minimumWindow = Stopwatch.Frequency / 200; // 5 ms
        var nextProgress = _control.StartTimestamp + ProgressTicks;
        while (true)
        {
            _wake.Wait(Tick);
            var now = Stopwatch.GetTimestamp();
            long responses = 0, errors = 0;
            foreach (var stats in _connections)
            {
                responses += stats.Responses;
                errors += stats.ErrorTotal;
            }
            Sampler.Sample(now, responses, minimumWindow);
            _series.Collect(now);
            if (_loops.IsCompleted)
            {
                Report(now, responses, errors);
                return;
            }
            if (_cancellation.IsCancellationRequested || now >= drainLimit)
            {
                StoppedAt = now;
                Report(now, responses, errors);
                return;
            }
            if (now >= deadline && !_control.SendingClosed)
            {
                _control.CloseSending();
            }
            if (now >= nextProgress)
            {
                Report(now, responses, errors);
                nextProgress = now + ProgressTicks;
            }
        }
    }

    public void Dispose() => _wake.Dispose();

    private void Report(long now, long responses, long errors) =>
        _progress?.Report(new LoadProgress(Stopwatch.GetElapsedTime(_control.StartTimestamp, now), _options.Duration, responses, errors, _options.Requests));
}
