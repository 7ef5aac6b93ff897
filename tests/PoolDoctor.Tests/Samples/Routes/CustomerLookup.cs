namespace PoolDoctor.Tests.Samples.Routes;

public static class CustomerLookup
{
    public static string Get(int id) => Task.FromResult("customer " + id).Result;
}
