namespace PoolDoctor.Tests.Samples.Routes;

public static class OrderLookup
{
    public static int Get(int id) => Task.FromResult(id).Result;
}
