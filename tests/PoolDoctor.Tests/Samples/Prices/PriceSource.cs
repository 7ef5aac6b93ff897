namespace PoolDoctor.Tests.Samples.Prices;

public static class PriceSource
{
    public static int Key(int id) => id * 2;

    public static int Primary(int id) => Task.Run(() => id).Result;

    public static int Fallback(int id) => Task.Run(() => id + 1).Result;
}
