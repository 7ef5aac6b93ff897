namespace FixShop.Audit;

/// <summary>Ships audit records to the compliance store (a 30 ms remote write).</summary>
public sealed class AuditSink
{
    public async Task WriteAsync(string record)
    {
        await Task.Delay(30);
        _ = record;
    }
}
