namespace PoolDoctor.Lab.Shared;

/// <summary>The tutorial's fake remote call: an honest async method that completes after the lab's query delay.</summary>
internal static class PretendQuery
{
    public static async Task<string> CustomerAsync()
    {
        await Task.Delay(Database.LabDatabaseDefaults.QueryDelay);
        return "Dana";
    }
}
