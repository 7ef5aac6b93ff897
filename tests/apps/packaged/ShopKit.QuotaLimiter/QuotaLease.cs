using System.Threading.RateLimiting;

namespace ShopKit.QuotaLimiter;

internal sealed class QuotaLease(bool acquired) : RateLimitLease
{
    public static QuotaLease Acquired { get; } = new(true);

    public static QuotaLease Rejected { get; } = new(false);

    public override bool IsAcquired => acquired;

    public override IEnumerable<string> MetadataNames => [];

    public override bool TryGetMetadata(string metadataName, out object? metadata)
    {
        metadata = null;
        return false;
    }
}
