namespace FixIo.Quotas;

/// <summary>At most two exports at a time: they are heavy on the reporting database.</summary>
public sealed class ExportThrottle
{
    private readonly SemaphoreSlim _slots = new(2, 2);

    public string Run(string name, Func<string, string> export)
    {
        _slots.Wait();
        try
        {
            return export(name);
        }
        finally
        {
            _slots.Release();
        }
    }
}
