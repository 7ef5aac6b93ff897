using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab.Services;

/// <summary>The report archive, a remote store that answers in the lab's query delay.</summary>
public static class ReportArchive
{
    public static async Task<decimal> TotalAsync(string day)
    {
        await Task.Delay(LabDatabaseDefaults.QueryDelay);
        return day.Length * 100m;
    }
}
