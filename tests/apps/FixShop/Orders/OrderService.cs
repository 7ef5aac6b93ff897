namespace FixShop.Orders;

public sealed class OrderService(IOrderRepository repository) : IOrderService
{
    public Order? GetOrder(int id)
    {
        var order = repository.Find(id);
        return order is { Cancelled: false } ? order : null;
    }
}
