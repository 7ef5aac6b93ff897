namespace ShopApi.Orders;

public sealed class LegacyOrderClient
{
    public string Status(int id)
    {
        Thread.Sleep(50); // the legacy order system answers in about 50 ms
        return id % 2 == 0 ? "shipped" : "open";
    }
}
