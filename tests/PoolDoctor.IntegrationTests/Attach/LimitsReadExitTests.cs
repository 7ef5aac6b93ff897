using System.Diagnostics;
using PoolDoctor.Collect.Attach;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Attach;

/// <summary>
/// The pool's bounds are read from a live target's memory while the target may exit (a launched command that ends at
/// once, a service stopped mid-run). A read cut off by the exit must come back as "no reading, and why" in this
/// process: ClrMD's reader used to throw inside the runtime's native read callback, which ended the tool with exit 134
/// (CI, 2026-11-28). Reads run back to back while the target is killed, so the kill lands inside one; a regression
/// ends this test host, which fails the run loudly.
/// </summary>
public sealed class LimitsReadExitTests
{
    [Fact]
    public async Task A_target_killed_during_reads_gives_reasons_and_the_reader_lives_on()
    {
        var dll = ToolPaths.TestAppDll("TunedInCode");
        Assert.True(File.Exists(dll), $"{dll} is missing: build PoolDoctor.slnx");
        var afterKill = new List<string>();
        var readBeforeKill = false;
        foreach (var killAfterMs in new[] { 40, 110, 170, 230, 300 })
        {
            var (child, _) = await ListeningChild.StartAsync(new ProcessStartInfo(ToolPaths.DotnetHost) { ArgumentList = { dll, "30" } }, "TunedInCode running", "the tuned app did not start");
            await using (child)
            {
                var pid = child.ProcessId;
                // A target just started has no pool fields to find yet; the reads that matter are of one that has.
                await ReadableAsync(pid);
                using var stop = new CancellationTokenSource();
                var reads = Task.Run(() => ReadUntil(pid, stop.Token));
                await Task.Delay(killAfterMs);
                Process.GetProcessById(pid).Kill();
                for (var waited = 0; !child.HasExited && waited < 100; waited++)
                {
                    await Task.Delay(50);
                }
                await Task.Delay(150);
                stop.Cancel();
                var outcomes = await reads.WaitAsync(TimeSpan.FromSeconds(60));
                // A kill 40 ms in may land before the first read of the loop ends (a read takes 0.1-0.3 s, more on a loaded
                // CI): the reads before a kill are counted over the five kills, and ReadableAsync proved this target readable.
                readBeforeKill |= outcomes.Any(o => o.Limits is { MinWorkers: 64 });
                var last = outcomes[^1];
                Assert.True(last.Limits is null && last.Why.Length > 0, $"killed after {killAfterMs} ms, the last read still read: {last}");
                afterKill.Add(last.Why);
            }
        }
        Assert.True(readBeforeKill, "no read in the loops read the bounds before the kill");
        Assert.All(afterKill, why => Assert.Contains("process", why));
    }

    private static async Task ReadableAsync(int pid)
    {
        var why = "";
        for (var attempt = 0; attempt < 50; attempt++)
        {
            if (LivePoolLimits.Read(pid, out why) is not null)
            {
                return;
            }
            await Task.Delay(200);
        }
        Assert.Fail($"process {pid}'s pool bounds were never readable: {why}");
    }

    private static List<(Model.Targets.PoolLimits? Limits, string Why)> ReadUntil(int pid, CancellationToken stop)
    {
        var outcomes = new List<(Model.Targets.PoolLimits?, string)>();
        while (!stop.IsCancellationRequested && outcomes.Count < 10_000)
        {
            outcomes.Add((LivePoolLimits.Read(pid, out var why), why));
        }
        return outcomes;
    }
}
