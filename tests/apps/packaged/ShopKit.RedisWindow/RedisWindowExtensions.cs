using System.Threading.RateLimiting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.RateLimiting;
using Microsoft.Extensions.DependencyInjection;
using StackExchange.Redis;

namespace ShopKit.RedisWindow;

public static class RedisWindowExtensions
{
    /// <summary>Adds a policy that limits each client address to <paramref name="permits"/> requests per window.</summary>
    public static RateLimiterOptions AddRedisWindowLimiter(this RateLimiterOptions options, string policyName, int permits, TimeSpan window) =>
        options.AddPolicy(policyName, context =>
        {
            var redis = context.RequestServices.GetRequiredService<IConnectionMultiplexer>();
            var client = context.Connection.RemoteIpAddress?.ToString() ?? "unknown";
            return RateLimitPartition.Get(client, key => new RedisWindowRateLimiter(redis, key, permits, window));
        });
}
