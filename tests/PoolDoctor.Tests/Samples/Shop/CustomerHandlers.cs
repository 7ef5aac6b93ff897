namespace PoolDoctor.Tests.Samples.Shop;

// Sample code shaped like a minimal-API app (handler -> service -> repository). It is only read as IL by the
// call-graph tests, never run.
public static class CustomerHandlers
{
    public static string GetCustomer(int id, ICustomerService service) => service.Find(id);

    public static async Task<string> GetCustomerAsync(int id, ICustomerRepository repository) =>
        await repository.LoadAsync(id).ConfigureAwait(false);
}
