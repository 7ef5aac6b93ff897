using System.Collections.Concurrent;

namespace PoolDoctor.Lab.Services;

/// <summary>
/// Renders reports on ONE dedicated worker thread (say, a renderer that is not thread-safe), in arrival order.
/// <see cref="Render"/> enqueues and waits on a <see cref="ManualResetEventSlim"/>: every waiting request holds a pool
/// thread while the queue drains at the worker's pace. <see cref="RenderAsync"/> waits on a TaskCompletionSource instead.
/// </summary>
public sealed class ReportQueue : IDisposable
{
    /// <summary>What one report costs the worker; with 125 callers the queue is about 125 × this long.</summary>
    public static readonly TimeSpan RenderTime = TimeSpan.FromMilliseconds(25);

    private readonly BlockingCollection<ReportJob> _jobs = [];
    private readonly Thread _worker;

    public ReportQueue()
    {
        _worker = new Thread(Work) { IsBackground = true, Name = "ReportRenderer" };
        _worker.Start();
    }

    public string Render(string name)
    {
        using var done = new ManualResetEventSlim(false);
        string? report = null;
        _jobs.Add(new ReportJob(name, result =>
        {
            report = result;
            done.Set();
        }));
        done.Wait();
        return report!;
    }

    public Task<string> RenderAsync(string name)
    {
        var done = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        _jobs.Add(new ReportJob(name, done.SetResult));
        return done.Task;
    }

    private void Work()
    {
        foreach (var job in _jobs.GetConsumingEnumerable())
        {
            Thread.Sleep(RenderTime);
            job.Complete($"report {job.Name}");
        }
    }

    public void Dispose() => _jobs.CompleteAdding();
}
