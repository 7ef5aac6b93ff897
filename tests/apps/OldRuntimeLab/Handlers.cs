namespace OldRuntimeLab;

/// <summary>Request handlers that hold a pool thread the way shipped code does, and the async twin that does not.</summary>
internal static class Handlers
{
    public static string TaskWait()
    {
        // Sync over async: the pool thread waits for a timer that needs a pool thread to complete it.
        return FetchAsync().Result;
    }

    public static async Task<string> TaskAsyncWait() => await FetchAsync();

    public static string Sleep()
    {
        Thread.Sleep(500);
        return "slept";
    }

    private static async Task<string> FetchAsync()
    {
        await Task.Delay(500);
        return "fetched";
    }
}
