namespace PoolDoctor.Tests.CallSites.Shop;

public class OrderRepository
{
    public virtual int Count() => CountAsync().Result;

    private static Task<int> CountAsync() => Task.FromResult(3);
}
