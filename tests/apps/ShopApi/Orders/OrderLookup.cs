namespace ShopApi.Orders;

public sealed class OrderLookup
{
    private readonly LegacyOrderClient _client = new();

    public string Find(int id) => _client.Status(id);
}
