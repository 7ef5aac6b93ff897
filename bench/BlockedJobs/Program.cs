// Runs for SECONDS (default 60), keeping JOBS (default 1000) jobs queued to the thread pool; each job blocks its pool
// thread on an async fetch with .Result. With DOTNET_ThreadPool_ForceMinWorkerThreads at least JOBS the pool starts a
// thread per job at once, so JOBS threads stay blocked: the trace's size grows with them (one sample each per round).
using System.Globalization;

var seconds = args.Length > 0 ? double.Parse(args[0], CultureInfo.InvariantCulture) : 60;
var jobs = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 1000;
var until = DateTime.UtcNow.AddSeconds(seconds);
var queued = 0;
Console.WriteLine($"BlockedJobs: {jobs} jobs for {seconds:0} s");
while (DateTime.UtcNow < until)
{
    if (Volatile.Read(ref queued) >= jobs)
    {
        Thread.Sleep(5);
        continue;
    }
    Interlocked.Increment(ref queued);
    ThreadPool.QueueUserWorkItem(_ =>
    {
        try
        {
            Shipments.Reconcile();
        }
        finally
        {
            Interlocked.Decrement(ref queued);
        }
    });
}

internal static class Shipments
{
    public static void Reconcile()
    {
        var count = CountAsync().Result;
        if (count < 0)
        {
            Console.WriteLine("negative count");
        }
    }

    private static async Task<int> CountAsync()
    {
        await Task.Delay(1000);
        return 7;
    }
}
