using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace ShopKit.AuditLog;

public sealed class AuditLoggerProvider(Uri collector, LogLevel minimum) : ILoggerProvider
{
    private readonly HttpClient _client = new() { BaseAddress = collector };

    public ILogger CreateLogger(string categoryName) => new AuditLogger(categoryName, _client, minimum);

    public void Dispose() => _client.Dispose();
}

public static class AuditLogExtensions
{
    public static ILoggingBuilder AddAuditLog(this ILoggingBuilder builder, Uri collector, LogLevel minimum = LogLevel.Information)
    {
        builder.Services.AddSingleton<ILoggerProvider>(new AuditLoggerProvider(collector, minimum));
        return builder;
    }
}
