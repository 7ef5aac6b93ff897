namespace PoolDoctor.Tests.Samples.Shop;

/// <summary>A cache built once, lazily: every caller waits on the Lazy's lock while the first one loads.</summary>
public sealed class CatalogCache
{
    private readonly Lazy<IReadOnlyList<string>> _items = new(Load);

    public IReadOnlyList<string> Items => _items.Value;

    private static IReadOnlyList<string> Load()
    {
        Thread.Sleep(10);
        return ["tea"];
    }
}
