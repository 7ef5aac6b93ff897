namespace FixIo.Outbox;

/// <summary>Removes sent messages every minute, on a System.Threading.Timer as the hosted-service samples do.</summary>
public sealed class CleanupTimer(OutboxTable outbox) : IHostedService, IDisposable
{
    private Timer? _timer;

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _timer = new Timer(Cleanup, null, TimeSpan.Zero, TimeSpan.FromMinutes(1));
        return Task.CompletedTask;
    }

    private void Cleanup(object? state) => outbox.Purge(DateTime.UtcNow.AddDays(-1));

    public Task StopAsync(CancellationToken cancellationToken)
    {
        _timer?.Change(Timeout.Infinite, 0);
        return Task.CompletedTask;
    }

    public void Dispose() => _timer?.Dispose();
}
