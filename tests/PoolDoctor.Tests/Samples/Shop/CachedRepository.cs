namespace PoolDoctor.Tests.Samples.Shop;

/// <summary>A generic repository: frames name it <c>CachedRepository&lt;T&gt;</c>, metadata <c>CachedRepository`1</c>.</summary>
public sealed class CachedRepository<T>
    where T : class, new()
{
    public T Find(int id)
    {
        var item = LoadAsync(id).GetAwaiter().GetResult();
        return item;
    }

    private static async Task<T> LoadAsync(int id)
    {
        await Task.Delay(id);
        return new T();
    }
}
