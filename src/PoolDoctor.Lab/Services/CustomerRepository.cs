using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab.Services;

/// <summary>
/// Loads customers from the database. <see cref="Load"/> is the sync method an older service layer still calls: it
/// wraps the driver's async API with <c>GetAwaiter().GetResult()</c>, the thread waits for the whole query.
/// </summary>
public sealed class CustomerRepository(ILabDatabase db)
{
    public Customer Load(int id)
    {
        db.ExecuteNonQueryAsync().GetAwaiter().GetResult();
        return new Customer(id, "Dana");
    }

    public async Task<Customer> LoadAsync(int id, CancellationToken cancellationToken)
    {
        await db.ExecuteNonQueryAsync(cancellationToken);
        return new Customer(id, "Dana");
    }
}
