namespace FixShop.Orders;

public interface IOrderRepository
{
    Order? Find(int id);
}
