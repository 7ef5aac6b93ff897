namespace FixShop.Orders;

public sealed class SqlOrderRepository(OrderDatabase db) : IOrderRepository
{
    public Order? Find(int id)
    {
        var order = db.QuerySingleAsync(id).Result;
        return order;
    }
}
