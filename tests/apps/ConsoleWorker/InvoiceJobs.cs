namespace ConsoleWorker;

/// <summary>The worker's jobs: settle one invoice, blocking on the async total (the mistake the tool should name).</summary>
internal static class InvoiceJobs
{
    public const int MaxQueued = 200;

    public static void Settle()
    {
        var total = FetchTotalAsync().Result;
        if (total < 0)
        {
            Console.WriteLine("negative total");
        }
    }

    private static async Task<int> FetchTotalAsync()
    {
        await Task.Delay(100);
        return 42;
    }
}
