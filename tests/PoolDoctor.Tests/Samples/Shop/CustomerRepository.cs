namespace PoolDoctor.Tests.Samples.Shop;

public sealed class CustomerRepository : ICustomerRepository
{
    public string Load(int id)
    {
        var name = LoadAsync(id).GetAwaiter().GetResult();
        return name.Trim();
    }

    public async Task<string> LoadAsync(int id)
    {
        await Task.Delay(1).ConfigureAwait(false);
        await Task.Yield();
        return "#" + id;
    }
}
