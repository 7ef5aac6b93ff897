using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Tests.Counters;

public class WorkerThreadStatesTests
{
    [Theory]
    [InlineData("1234 (.NET TP Worker) R 1 2 3", ".NET TP Worker", 'R')]
    [InlineData("99 (odd) name)) S 1 2", "odd) name)", 'S')]
    public void Stat_lines_give_the_name_and_state(string stat, string name, char state) =>
        Assert.Equal((name, state), WorkerThreadStates.Parse(stat));

    [Fact]
    public void A_broken_stat_line_is_ignored() => Assert.Null(WorkerThreadStates.Parse("1234 no parens"));

    [Fact]
    public async Task This_process_has_pool_workers_and_they_are_counted()
    {
        // Keep one worker busy so the pool has at least one, and it is runnable while we look.
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(2));
        var spinner = Task.Run(() => { while (!stop.IsCancellationRequested) { Thread.SpinWait(1000); } });
        await Task.Delay(100);
        var now = WorkerThreadStates.Read(Environment.ProcessId);
        await stop.CancelAsync();
        await spinner;
        Assert.NotNull(now);
        Assert.True(now.Value.Workers >= 1);
        Assert.InRange(now.Value.Runnable, 0, now.Value.Workers);
    }
}
