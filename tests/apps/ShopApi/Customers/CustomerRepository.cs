namespace ShopApi.Customers;

public sealed class CustomerRepository
{
    public Customer? Load(int id) => LoadAsync(id).GetAwaiter().GetResult();

    private static async Task<Customer?> LoadAsync(int id)
    {
        await Task.Delay(50); // the database round trip
        return new Customer(id, "customer " + id);
    }
}
