namespace PoolDoctor.Tests.Samples.Prices;

// Handlers whose statements call small helpers the JIT may inline into them. Only read as IL, never run.
public static class PriceHandlers
{
    public static int Quote(int id)
    {
        var key = PriceSource.Key(id);
        return PriceSource.Primary(key);
    }

    public static int Either(int id) => PriceSource.Primary(id) + PriceSource.Fallback(id);

    public static int Own(int id)
    {
        var cached = Task.FromResult(id).Result;
        return PriceSource.Primary(cached);
    }
}
