using System.Threading.RateLimiting;
using StackExchange.Redis;

namespace ShopKit.RedisWindow;

/// <summary>A sliding-window limiter shared by every instance of a service through Redis.</summary>
public sealed class RedisWindowRateLimiter(IConnectionMultiplexer redis, string partition, int permits, TimeSpan window) : RateLimiter
{
    private readonly RedisWindowManager _manager = new(redis, partition, permits, window);

    public override TimeSpan? IdleDuration => null;

    public override RateLimiterStatistics? GetStatistics() => null;

    protected override RateLimitLease AttemptAcquireCore(int permitCount) =>
        _manager.TryAcquireLease() ? Lease.Acquired : Lease.Rejected;

    protected override async ValueTask<RateLimitLease> AcquireAsyncCore(int permitCount, CancellationToken cancellationToken) =>
        await _manager.TryAcquireLeaseAsync().ConfigureAwait(false) ? Lease.Acquired : Lease.Rejected;

    private sealed class Lease(bool acquired) : RateLimitLease
    {
        public static Lease Acquired { get; } = new(true);
        public static Lease Rejected { get; } = new(false);

        public override bool IsAcquired => acquired;

        public override IEnumerable<string> MetadataNames => [];

        public override bool TryGetMetadata(string metadataName, out object? metadata)
        {
            metadata = null;
            return false;
        }
    }
}
