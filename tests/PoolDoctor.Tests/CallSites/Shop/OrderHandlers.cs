namespace PoolDoctor.Tests.CallSites.Shop;

public static class OrderHandlers
{
    public static int List() => new OrderRepository().Count();
}
