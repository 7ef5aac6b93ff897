namespace PoolDoctor.Lab.Services;

/// <summary>Asks a remote quota service whether the caller may proceed; the answer takes the lab's query delay.</summary>
public sealed class QuotaService
{
    public async Task<bool> HasQuotaAsync(string caller)
    {
        await Task.Delay(Database.LabDatabaseDefaults.QueryDelay);
        return caller.Length > 0;
    }
}
