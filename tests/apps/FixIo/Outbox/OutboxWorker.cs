namespace FixIo.Outbox;

/// <summary>Flushes the outbox every second.</summary>
public sealed class OutboxWorker(OutboxTable outbox, ILogger<OutboxWorker> logger) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1));
        while (await timer.WaitForNextTickAsync(stoppingToken))
        {
            Flush();
        }
    }

    private void Flush()
    {
        var sent = outbox.MarkSent(DateTime.UtcNow);
        logger.LogDebug("outbox: {Sent} sent", sent);
    }
}
