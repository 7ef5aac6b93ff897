namespace PoolDoctor.Tests.Samples.Shop;

public static class Warehouse
{
    public sealed class Shelf<T>
    {
        public T? Take() => default;
    }
}
