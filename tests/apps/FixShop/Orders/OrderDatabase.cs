namespace FixShop.Orders;

/// <summary>Stands in for the database driver: every query is a 50 ms round trip.</summary>
public sealed class OrderDatabase
{
    public async Task<Order?> QuerySingleAsync(int id)
    {
        await Task.Delay(50);
        return id <= 0 ? null : new Order(id, "customer " + id, id * 12.5m, Cancelled: id % 97 == 0);
    }
}
