using System.Threading.RateLimiting;

namespace ShopKit.QuotaLimiter;

/// <summary>A limiter whose permits come from a quota service shared by every instance of a service.</summary>
public sealed class QuotaRateLimiter(Uri quotaService, string partition) : RateLimiter
{
    private readonly QuotaClient _quota = new(quotaService, partition);

    public override TimeSpan? IdleDuration => null;

    public override RateLimiterStatistics? GetStatistics() => null;

    protected override RateLimitLease AttemptAcquireCore(int permitCount) =>
        _quota.TryTake(permitCount) ? QuotaLease.Acquired : QuotaLease.Rejected;

    protected override async ValueTask<RateLimitLease> AcquireAsyncCore(int permitCount, CancellationToken cancellationToken) =>
        await _quota.TryTakeAsync(permitCount, cancellationToken).ConfigureAwait(false) ? QuotaLease.Acquired : QuotaLease.Rejected;
}
