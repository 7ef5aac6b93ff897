namespace PoolDoctor.Tests.Samples.Routes;

public static class InvoiceLookup
{
    public static int Get(int id) => Task.FromResult(id).Result;
}
