namespace CensusShop.Reports;

/// <summary>
/// Archives reports on a dedicated thread (LongRunning), blocking on each archive write: blocking that no pool thread
/// pays for, so no census finding.
/// </summary>
public sealed class ReportArchiver : IHostedService
{
    private readonly CancellationTokenSource _stop = new();
    private Task? _loop;
    private int _archived;

    public int Archived => Volatile.Read(ref _archived);

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _loop = Task.Factory.StartNew(ArchiveForever, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        return Task.CompletedTask;
    }

    private void ArchiveForever()
    {
        while (!_stop.IsCancellationRequested)
        {
            ArchiveOneAsync().GetAwaiter().GetResult();
            Interlocked.Increment(ref _archived);
        }
    }

    private async Task ArchiveOneAsync()
    {
        try
        {
            await Task.Delay(20, _stop.Token);
        }
        catch (OperationCanceledException)
        {
        }
    }

    public async Task StopAsync(CancellationToken cancellationToken)
    {
        await _stop.CancelAsync();
        if (_loop is not null)
        {
            await _loop;
        }
    }
}
