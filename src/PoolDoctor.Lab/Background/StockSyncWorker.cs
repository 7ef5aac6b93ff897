using System.Threading.Channels;
using Microsoft.Extensions.Hosting;
using PoolDoctor.Lab.Services;

namespace PoolDoctor.Lab.Background;

/// <summary>
/// A hosted service that drains the stock feed with <see cref="Consumers"/> parallel consumers, as queue consumers do.
/// A route triggers a run, which stops itself at its deadline. The blocking consumers wait on <c>.Wait()</c>, each
/// holding a pool thread for the whole fetch; the awaiting ones do not.
/// </summary>
public sealed class StockSyncWorker(StockFeed feed) : BackgroundService
{
    public const int Consumers = 64;

    private readonly Channel<(bool Blocking, long Until)> _runs = Channel.CreateUnbounded<(bool, long)>();
    private int _blockingRunning;
    private int _awaitingRunning;

    /// <summary>False when a run of the same kind is already going.</summary>
    public bool Trigger(bool blocking, TimeSpan runFor)
    {
        ref var running = ref blocking ? ref _blockingRunning : ref _awaitingRunning;
        if (Interlocked.CompareExchange(ref running, 1, 0) != 0)
        {
            return false;
        }
        return _runs.Writer.TryWrite((blocking, Environment.TickCount64 + (long)runFor.TotalMilliseconds));
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        var runs = new List<Task>();
        await foreach (var (blocking, until) in _runs.Reader.ReadAllAsync(stoppingToken))
        {
            runs.RemoveAll(run => run.IsCompleted);
            runs.Add(RunAsync(blocking, until, stoppingToken));
        }
        await Task.WhenAll(runs);
    }

    private async Task RunAsync(bool blocking, long until, CancellationToken stoppingToken)
    {
        var consumers = Enumerable.Range(0, Consumers)
            .Select(_ => blocking ? Task.Run(() => SyncStock(until, stoppingToken)) : SyncStockAsync(until, stoppingToken));
        await Task.WhenAll(consumers);
        Volatile.Write(ref blocking ? ref _blockingRunning : ref _awaitingRunning, 0);
    }

    private void SyncStock(long until, CancellationToken stoppingToken)
    {
        while (Environment.TickCount64 < until && !stoppingToken.IsCancellationRequested)
        {
            try
            {
                feed.NextBatchAsync(stoppingToken).Wait(stoppingToken);
            }
            catch (Exception e) when (e is AggregateException or OperationCanceledException && stoppingToken.IsCancellationRequested)
            {
                return;
            }
        }
    }

    private async Task SyncStockAsync(long until, CancellationToken stoppingToken)
    {
        await Task.Yield();
        while (Environment.TickCount64 < until && !stoppingToken.IsCancellationRequested)
        {
            try
            {
                await feed.NextBatchAsync(stoppingToken);
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                return;
            }
        }
    }
}
