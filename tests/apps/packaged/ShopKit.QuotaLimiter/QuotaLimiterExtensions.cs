using System.Threading.RateLimiting;
using Microsoft.AspNetCore.RateLimiting;

namespace ShopKit.QuotaLimiter;

public static class QuotaLimiterExtensions
{
    /// <summary>Adds a policy that takes each request's permit from a shared quota service, one partition per client address.</summary>
    public static RateLimiterOptions AddQuotaLimiter(this RateLimiterOptions options, string policyName, Uri quotaService) =>
        options.AddPolicy(policyName, context =>
        {
            var client = context.Connection.RemoteIpAddress?.ToString() ?? "unknown";
            return RateLimitPartition.Get(client, key => new QuotaRateLimiter(quotaService, key));
        });
}
