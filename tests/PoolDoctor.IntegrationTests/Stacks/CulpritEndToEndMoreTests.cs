using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

/// <summary>
/// The rest of <see cref="CulpritEndToEndTests"/>: the sync database routes on a real PostgreSQL, the healthy endpoints
/// (no culprit above 10 %), and the lock convoy's one-culprit shape, on the same load and capture.
/// </summary>
public sealed class CulpritEndToEndMoreTests
{
    // The call site is the lab's repository method that calls Npgsql's sync API, whichever endpoint called it.
    [SkippableTheory]
    [InlineData("db/sync")]
    [InlineData("db/asyncoversync")]
    [InlineData("db/taskrun")]
    public async Task Sync_database_io_on_real_postgres_is_the_top_culprit(string route)
    {
        await using var lab = await LabProcess.StartAsync(PostgresFixture.Require());
        await CulpritEndToEndTests.AssertTopCulpritAsync(lab, route, "PostgresLabDatabase.ExecuteNonQuery", "SyncIO");
    }

    [Theory]
    [InlineData("taskasyncwait")]
    [InlineData("hello")]
    public async Task Healthy_endpoint_has_no_culprit_above_ten_percent(string route)
    {
        await using var lab = await LabProcess.StartAsync();
        await using var load = new LoopLoad(lab.Url(route), CulpritEndToEndTests.Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(CulpritEndToEndTests.WarmUp);
        var start = load.Elapsed.TotalSeconds;
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId);
        var end = load.Elapsed.TotalSeconds;
        // "No culprit" proves nothing unless the lab was serving this route while it was sampled.
        var answered = load.Completions.Count(t => t >= start && t <= end);
        Assert.True(answered > 0, $"no 2xx response from {route} during the capture ({end - start:F1} s)");
        Assert.All(StacksJson.Culprits(json), c => Assert.True(c.Share <= 0.10, StacksJson.Describe(json, run)));
        Assert.True(json.RootElement.GetProperty("samples").GetInt32() > 0, StacksJson.Describe(json, run));
    }

    /// <summary>
    /// Issue 20, item 4: the waiters (Lock.Enter) and the holder (Thread.Sleep inside the lock) of LockConvoy are one
    /// culprit of kind Lock that names what the lock is held across; before, they were two rows of about a third each.
    /// </summary>
    [Fact]
    public async Task A_lock_held_across_a_sleep_is_one_lock_culprit_held_across_Thread_Sleep()
    {
        await using var lab = await LabProcess.StartAsync(environment: CulpritEndToEndTests.ServerSizedPool);
        await using var load = new LoopLoad(lab.Url("lock"), CulpritEndToEndTests.Connections, TimeSpan.FromSeconds(60));
        await Task.Delay(CulpritEndToEndTests.WarmUp);
        var (json, run) = await StacksJson.CaptureAsync(lab.ProcessId);
        var why = StacksJson.Describe(json, run);

        var rows = json.RootElement.GetProperty("culprits").EnumerateArray()
            .Where(c => c.GetProperty("method").GetString()!.EndsWith("DiagScenarioController.LockConvoy", StringComparison.Ordinal))
            .ToList();
        var row = Assert.Single(rows);
        Assert.True(row.GetProperty("kind").GetString() == "Lock", why);
        Assert.True(row.TryGetProperty("heldAcross", out var held) && held.GetString() == "Thread.Sleep", why);
        Assert.True(row.GetProperty("share").GetDouble() >= 0.5, why);
    }
}
