using ConsoleWorker;

// Runs for the seconds given (default 60, at most 600), keeping up to 200 invoice jobs queued to the thread pool.
// Each job waits synchronously for async work, so the pool starves with no HTTP request anywhere.
var seconds = args.Length > 0 && double.TryParse(args[0], System.Globalization.CultureInfo.InvariantCulture, out var s) ? Math.Clamp(s, 1, 600) : 60;
var until = DateTime.UtcNow.AddSeconds(seconds);
var queued = 0;
Console.WriteLine($"ConsoleWorker running for {seconds:0} s");
while (DateTime.UtcNow < until)
{
    if (Volatile.Read(ref queued) >= InvoiceJobs.MaxQueued)
    {
        Thread.Sleep(5);
        continue;
    }
    Interlocked.Increment(ref queued);
    ThreadPool.QueueUserWorkItem(_ =>
    {
        try
        {
            InvoiceJobs.Settle();
        }
        finally
        {
            Interlocked.Decrement(ref queued);
        }
    });
}
Console.WriteLine("ConsoleWorker done");
