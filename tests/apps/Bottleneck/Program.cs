using System.Collections.Concurrent;

// Written the way a service is written, not for the tool: a legacy device (or single-threaded library) that only one
// thread may drive, wrapped in a queue; each request waits synchronously for its job. Four common ways to wait.
var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
var app = builder.Build();

var device = new DeviceWorker();
var monitorQueue = new MonitorQueue();
var gate = new SemaphoreSlim(2, 2);
var connections = new BlockingCollection<DeviceConnection>();
connections.Add(new DeviceConnection());
connections.Add(new DeviceConnection());

// ManualResetEventSlim: enqueue for the one worker thread and wait for its signal.
app.MapGet("/mres/{id}", (int id) => device.Run(id));

// Monitor.Wait: the same single worker, hand-written with lock/Wait/PulseAll.
app.MapGet("/monitor/{id}", (int id) => monitorQueue.Run(id));

// SemaphoreSlim.Wait: at most two requests may use the device at a time.
app.MapGet("/semaphore/{id}", (int id) =>
{
    gate.Wait();
    try
    {
        return DeviceConnection.Query(id);
    }
    finally
    {
        gate.Release();
    }
});

// BlockingCollection.Take: a pool of two device connections.
app.MapGet("/pool/{id}", (int id) =>
{
    var connection = connections.Take();
    try
    {
        return connection.Read(id);
    }
    finally
    {
        connections.Add(connection);
    }
});

app.MapGet("/", () => "ok");
app.Run();

sealed class DeviceConnection
{
    // The device answers in 20-50 ms and may only be used by one caller at a time.
    public static string Query(int id)
    {
        Thread.Sleep(20 + Random.Shared.Next(31));
        return $"reading {id}";
    }

    public string Read(int id) => Query(id);
}

sealed class DeviceJob(int id)
{
    public int Id { get; } = id;
    public ManualResetEventSlim Done { get; } = new();
    public string? Result { get; set; }
}

sealed class DeviceWorker
{
    private readonly BlockingCollection<DeviceJob> _jobs = new();

    public DeviceWorker()
    {
        new Thread(Loop) { IsBackground = true, Name = "device" }.Start();
    }

    public string Run(int id)
    {
        var job = new DeviceJob(id);
        _jobs.Add(job);
        job.Done.Wait();
        job.Done.Dispose();
        return job.Result!;
    }

    private void Loop()
    {
        foreach (var job in _jobs.GetConsumingEnumerable())
        {
            job.Result = DeviceConnection.Query(job.Id);
            job.Done.Set();
        }
    }
}

sealed class MonitorQueue
{
    private readonly object _sync = new();
    private readonly Queue<int> _pending = new();
    private readonly Dictionary<int, string> _results = new();
    private int _next;

    public MonitorQueue()
    {
        new Thread(Loop) { IsBackground = true, Name = "device-monitor" }.Start();
    }

    public string Run(int id)
    {
        lock (_sync)
        {
            var ticket = _next++;
            _pending.Enqueue(ticket);
            Monitor.PulseAll(_sync);
            string? result;
            while (!_results.Remove(ticket, out result))
            {
                Monitor.Wait(_sync);
            }
            return result + $" ({id})";
        }
    }

    private void Loop()
    {
        while (true)
        {
            int ticket;
            lock (_sync)
            {
                while (_pending.Count == 0)
                {
                    Monitor.Wait(_sync);
                }
                ticket = _pending.Dequeue();
            }
            var result = DeviceConnection.Query(ticket);
            lock (_sync)
            {
                _results[ticket] = result;
                Monitor.PulseAll(_sync);
            }
        }
    }
}
