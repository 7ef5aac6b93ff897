namespace PoolDoctor.Tests.Samples.Shop;

// Blocks too, but no handler reaches it.
public static class Maintenance
{
    public static void Rebuild() => Task.Delay(1).GetAwaiter().GetResult();
}
