using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Tests.Collect.Counters;

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
        var now = new WorkerThreadStates(Environment.ProcessId).Read();
        await stop.CancelAsync();
        await spinner;
        Assert.NotNull(now);
        Assert.True(now.Value.Workers >= 1);
        Assert.InRange(now.Value.Runnable, 0, now.Value.Workers);
    }

    [Fact]
    public void Threads_seen_under_another_name_are_not_read_again_on_the_next_pass()
    {
        // Fifty parked threads of our own, named like an app's dedicated threads: the first pass reads them all,
        // the next reads only what may be a pool worker.
        using var release = new ManualResetEventSlim();
        var parked = Enumerable.Range(0, 50).Select(i => new Thread(() => release.Wait()) { Name = $"parked {i}", IsBackground = true }).ToList();
        parked.ForEach(t => t.Start());
        try
        {
            var states = new WorkerThreadStates(Environment.ProcessId);
            var first = states.Read();
            var firstReads = states.LastReads;
            var second = states.Read();
            Assert.NotNull(first);
            Assert.NotNull(second);
            Assert.True(firstReads >= 50, $"first pass read {firstReads} stat files");
            Assert.True(states.LastReads <= second.Value.Workers + 5, $"second pass read {states.LastReads} stat files for {second.Value.Workers} workers");
        }
        finally
        {
            release.Set();
            parked.ForEach(t => t.Join());
        }
    }

    [Fact]
    public void A_process_that_is_gone_reads_as_nothing() => Assert.Null(new WorkerThreadStates(int.MaxValue).Read());
}
