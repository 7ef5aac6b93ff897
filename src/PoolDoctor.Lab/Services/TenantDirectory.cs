namespace PoolDoctor.Lab.Services;

/// <summary>Finds the tenant a request belongs to; the lookup is remote and takes the lab's query delay.</summary>
public sealed class TenantDirectory
{
    public async Task<string> FindAsync(string host)
    {
        await Task.Delay(Database.LabDatabaseDefaults.QueryDelay);
        return host.Length > 0 ? "tenant-1" : "default";
    }
}
