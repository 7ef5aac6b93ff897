namespace PoolDoctor.Tests.Samples.Shop;

public static class OrderHandlers
{
    public static int List() => new OrderRepository().Count();

    public static Func<int> Map()
    {
        return CountOrders;

        static int CountOrders() => new OrderRepository().Count();
    }
}
