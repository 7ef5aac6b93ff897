namespace OrderTests;

/// <summary>
/// A client of a slow remote order service (each lookup takes 200 ms), written the way services are: an async API, and
/// a synchronous wrapper kept for old callers that blocks on it.
/// </summary>
public static class OrderClient
{
    public static async Task<string> LookupAsync(int id)
    {
        await Task.Delay(200);
        return $"order {id}";
    }

    public static string Lookup(int id) => LookupAsync(id).Result;
}
