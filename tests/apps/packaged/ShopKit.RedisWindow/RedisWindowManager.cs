using StackExchange.Redis;

namespace ShopKit.RedisWindow;

/// <summary>Counts requests per partition in a sliding window kept in a Redis sorted set.</summary>
public sealed class RedisWindowManager(IConnectionMultiplexer redis, string partition, int permits, TimeSpan window)
{
    private const string Script = """
        local now = tonumber(ARGV[1])
        redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - tonumber(ARGV[2]))
        local count = redis.call('ZCARD', KEYS[1])
        if count < tonumber(ARGV[3]) then
          redis.call('ZADD', KEYS[1], now, ARGV[4])
          redis.call('PEXPIRE', KEYS[1], ARGV[2])
          return 1
        end
        return 0
        """;

    private readonly RedisKey _key = "window:" + partition;

    public bool TryAcquireLease()
    {
        var result = redis.GetDatabase().ScriptEvaluate(Script, [_key], Arguments());
        return (int)result == 1;
    }

    public async Task<bool> TryAcquireLeaseAsync()
    {
        var result = await redis.GetDatabase().ScriptEvaluateAsync(Script, [_key], Arguments()).ConfigureAwait(false);
        return (int)result == 1;
    }

    private RedisValue[] Arguments() =>
    [
        DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(),
        (long)window.TotalMilliseconds,
        permits,
        Guid.NewGuid().ToString("N"),
    ];
}
