namespace ShopApi.Invoices;

public sealed class InvoiceStore
{
    public decimal Load(int id) => LoadAsync(id).GetAwaiter().GetResult();

    private static async Task<decimal> LoadAsync(int id)
    {
        await Task.Delay(50); // the billing database's round trip
        return id * 10m;
    }
}
