using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab.Services;

/// <summary>Reads invoice totals from the billing store; <see cref="Load"/> is an older sync wrapper over the async read.</summary>
public sealed class InvoiceStore
{
    public decimal Load(int id) => LoadAsync(id).GetAwaiter().GetResult();

    private static async Task<decimal> LoadAsync(int id)
    {
        await Task.Delay(LabDatabaseDefaults.QueryDelay);
        return id * 10m;
    }
}
