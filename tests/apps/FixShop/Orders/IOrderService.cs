namespace FixShop.Orders;

public interface IOrderService
{
    Order? GetOrder(int id);
}
