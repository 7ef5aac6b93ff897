using PoolDoctor.Load.Stats;

namespace PoolDoctor.Load.Engine.Epoll;

/// <summary>
/// The raw HTTP/1.1 path on Linux x86-64: the connections dealt round-robin over one event-loop thread per core
/// (as wrk -t cores), each thread an <see cref="EpollLoop"/>. Dedicated threads, not the pool: a loop never blocks
/// anything but its own epoll_wait, and a busy pool in this process cannot delay it.
/// </summary>
internal sealed class EpollEngine
{
    private readonly RunControl _control;
    private readonly EpollTarget _target;
    private readonly ThinkTime? _thinkTime;
    private readonly LoadSeries _series;
    private readonly List<List<EpollConnection>> _shares = [];

    public EpollEngine(RunControl control, EpollTarget target, IReadOnlyList<(long Quota, SendSchedule? Schedule)> connections, ThinkTime? thinkTime, LoadSeries series)
    {
        _control = control;
        _target = target;
        _thinkTime = thinkTime;
        _series = series;
        var threads = Math.Clamp(Environment.ProcessorCount, 1, Math.Max(1, connections.Count));
        for (var t = 0; t < threads; t++)
        {
            _shares.Add([]);
        }
        var all = new List<EpollConnection>(connections.Count);
        for (var i = 0; i < connections.Count; i++)
        {
            var share = _shares[i % threads];
            var connection = new EpollConnection(share.Count, connections[i].Quota, connections[i].Schedule);
            share.Add(connection);
            all.Add(connection);
        }
        Connections = all;
    }

    public static bool IsSupported => Libc.IsSupported;

    public IReadOnlyList<EpollConnection> Connections { get; }

    /// <summary>Starts every loop thread; completes when all have ended (faulted if one failed).</summary>
    public Task RunAsync()
    {
        var loops = new List<Task>(_shares.Count);
        foreach (var share in _shares)
        {
            var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            var loop = new EpollLoop(_control, share, _target, _thinkTime, _series);
            var thread = new Thread(() =>
            {
                try
                {
                    loop.Run();
                    done.SetResult();
                }
                catch (Exception e)
                {
                    done.SetException(e);
                }
            })
            {
                IsBackground = true,
                Name = "pooldoctor-load-epoll",
            };
            thread.Start();
            loops.Add(done.Task);
        }
        return Task.WhenAll(loops);
    }
}
