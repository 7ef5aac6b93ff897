using Microsoft.Extensions.Logging;

namespace ShopKit.AuditLog;

/// <summary>Ships every entry at or above the configured level to the audit collector.</summary>
public sealed class AuditLogger(string category, HttpClient client, LogLevel minimum) : ILogger
{
    public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => logLevel >= minimum;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        if (!IsEnabled(logLevel))
        {
            return;
        }
        var line = $"{DateTimeOffset.UtcNow:O} {logLevel} {category}: {formatter(state, exception)}";
        Ship(line).GetAwaiter().GetResult();
    }

    private async Task Ship(string line)
    {
        using var content = new StringContent(line);
        using var response = await client.PostAsync("", content).ConfigureAwait(false);
        response.EnsureSuccessStatusCode();
    }
}
