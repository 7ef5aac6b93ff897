namespace PoolDoctor.Tests.Samples.Shop;

public class OrderRepository
{
    public virtual int Count() => CountAsync().Result;

    private static Task<int> CountAsync() => Task.FromResult(3);
}
