using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Advice;

public sealed class MinThreadsTests
{
    [Theory]
    [InlineData(0, 2, 2)]
    [InlineData(1, 2, 4)]
    [InlineData(96, 2, 122)]
    [InlineData(100, 8, 133)]
    [InlineData(125, 4, 161)]
    public void Formula_is_blocked_plus_cores_plus_a_quarter_of_blocked_rounded_up(int blocked, int cores, int expected) =>
        Assert.Equal(expected, MinThreadsCalculator.Compute(blocked, cores));

    [Fact]
    public void Never_above_the_runtimes_ceiling()
    {
        Assert.Equal(MinThreadsCalculator.MaxWorkerThreads, MinThreadsCalculator.Compute(40_000, 64));
    }

    [Fact]
    public void Taskwait_fixture_takes_the_larger_of_capture_and_counter_peak()
    {
        var fixture = DoctorFixtures.Load("taskwait.json");
        // The capture saw 96 blocked; the counters peaked at 105 threads on 2 cores: 103 is the larger observation.
        Assert.Equal(105, (int)fixture.Samples.Max(s => s.ThreadCount));
        var (blocked, source) = MinThreadsCalculator.PeakBlocked(fixture.Culprits, fixture.Samples, fixture.Cores);
        Assert.Equal(103, blocked);
        Assert.Contains("96 pool threads blocked in culprit code", source);
    }

    [Fact]
    public void Without_a_driven_load_the_servers_in_flight_work_sizes_the_stop_gap()
    {
        // The fixture is a 125-connection run: at 2 s the target held 114 queued work items and 4 pool threads (and at 20 s 14 and 104), 118 at
        // once, where the threads seen blocked say 103. Read from the target itself, as `diagnose -p` must.
        var fixture = DoctorFixtures.Load("taskwait.json");
        var gap = Assert.IsType<MinThreadsAdvice>(AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores).StopGap);
        Assert.Equal(118, gap.PeakBlockedThreads);
        Assert.Equal(118 + 2 + 30, gap.Value);
        Assert.Contains("the server's own concurrency: up to 118 requests at once (114 queued work items + 4 pool threads at +2 s)", gap.BlockedSource);
        Assert.Contains("palliative", gap.Warning, StringComparison.OrdinalIgnoreCase);
        // The load's concurrency, when the tool drove it, still decides.
        Assert.Equal(125 + 2 + 32, AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores, loadConcurrency: 125).StopGap!.Value);
    }

    [Fact]
    public void Attached_to_125_blocking_connections_the_stop_gap_covers_them_from_the_servers_gauges()
    {
        // report.json of `diagnose --min-duration 0 -p LAB` during `load …/taskwait -c 125` (AttachedStopGapTests, 2 cores):
        // the capture saw 13 threads blocked in TaskWait, the counters 4 threads at the verdict; the pool's queue held 125
        // items at +0.8 s and Kestrel 125 connections. No load was driven by the doctor, so only the server tells the 125.
        var fixture = DoctorFixtures.Load("taskwait-attached-125-report.json");
        var byPeak = MinThreadsCalculator.PeakBlocked(fixture.Culprits, fixture.Samples, fixture.Cores).Blocked;
        Assert.True(byPeak < 125, $"the threads seen say {byPeak}: the case this is about");

        var gap = AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores).StopGap!;

        Assert.True(gap.Value >= 125 + fixture.Cores, $"MinThreads = {gap.Value}: {gap.BlockedSource}");
        Assert.Equal(129, gap.PeakBlockedThreads);
        Assert.Equal("demand: the server's own concurrency: up to 129 requests at once (125 queued work items + 4 pool threads at +0.8 s); "
            + "Kestrel had up to 125 open connections", gap.BlockedSource);
        Assert.Equal(MinThreadsCalculator.DemandFormula, gap.Formula);
        // What the run itself advised, recomputed from its own series.
        using var recorded = System.Text.Json.JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "fixtures", "doctor", "taskwait-attached-125-report.json")));
        Assert.Equal(recorded.RootElement.GetProperty("advice").GetProperty("minThreads").GetProperty("value").GetInt32(), gap.Value);
    }

    [Fact]
    public void Kestrels_gauges_are_named_and_requests_in_flight_count_when_they_exceed_the_threads()
    {
        CounterSample At(double s, double queue, double threads, double? requests, double? connections) =>
            new(s, threads, queue, 0, 10, 2, 0, 50, CurrentConnections: connections, CurrentRequests: requests);
        var (work, from) = BlockingDemand.InFlight([At(0.5, 100, 12, 10, 125), At(1.0, 110, 16, 30, 125), At(1.5, 0, 16, 2, 125)])!.Value;
        Assert.Equal(140, work);
        Assert.Equal("the server's own concurrency: up to 140 requests at once (110 queued work items + 30 requests in flight at +1 s); "
            + "Kestrel had up to 125 open connections", from);
        Assert.Null(BlockingDemand.InFlight([At(0.5, 0, 12, null, null)]));
    }

    [Fact]
    public void Recorded_demo_report_recomputes_to_the_same_stop_gap()
    {
        // report.json of a real `demo` run (taskwait, 125 connections, 2 cores): the capture at 2.3 s saw 21 pool threads
        // blocked in TaskWait while the counters peaked at 44 threads (B = 42 by the peak); read without the load's
        // concurrency, the server's in-flight work at 9.1 s (83 queued + 44 threads = 127) says what 125 connections need.
        var fixture = DoctorFixtures.Load("taskwait-recorded-report.json");
        Assert.Equal(2, fixture.Cores);
        Assert.Equal(21, Assert.Single(fixture.Culprits).Threads);
        Assert.Equal(42, MinThreadsCalculator.PeakBlocked(fixture.Culprits, fixture.Samples, fixture.Cores).Blocked);
        var advice = AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores);
        Assert.Equal(127, advice.StopGap!.PeakBlockedThreads);
        Assert.Equal(127 + 2 + 32, advice.StopGap.Value);
        Assert.Contains("DOTNET_ThreadPool_ForceMinWorkerThreads=A1", advice.StopGap.Settings[3].Text);
        var fix = Assert.Single(advice.Fixes);
        Assert.Equal(BlockingKind.SyncOverAsync, fix.Kind);
        Assert.Contains("public async Task<string> TaskWait()", fix.After);
    }

    [Fact]
    public void A_capture_that_saw_more_than_the_counters_wins()
    {
        var fixture = DoctorFixtures.Load("taskwait.json");
        var many = new Culprit("App.Handler", BlockingKind.SyncOverAsync, "Task.Result", 150, 0.9, []);
        var (blocked, source) = MinThreadsCalculator.PeakBlocked([many], fixture.Samples, 2);
        Assert.Equal(150, blocked);
        Assert.StartsWith("150 pool threads blocked", source);
    }

    [Fact]
    public void Without_a_capture_the_counters_peak_minus_cores_stands_in()
    {
        // Nothing queued in any sample: no in-flight work to size from, so the threads seen stand in.
        var fixture = DoctorFixtures.Load("taskwait.json");
        var samples = fixture.Samples.Select(s => s with { QueueLength = 0 }).ToList();
        var advice = AdviceBuilder.Build(VerdictKind.Starving, [], samples, fixture.Cores);
        var peak = (int)fixture.Samples.Max(s => s.ThreadCount);
        Assert.Equal(peak - 2, advice.StopGap!.PeakBlockedThreads);
        Assert.Equal(MinThreadsCalculator.Compute(peak - 2, 2), advice.StopGap.Value);
        Assert.Contains("no stack capture", advice.StopGap.BlockedSource);
    }

    [Fact]
    public void Settings_show_the_four_documented_ways_with_the_environment_value_in_hex()
    {
        var gap = MinThreadsCalculator.Advise(96, 2, "test");
        Assert.Equal(122, gap.Value);
        var text = string.Join("\n", gap.Settings.Select(s => s.Text));
        Assert.Contains("\"System.Threading.ThreadPool.MinThreads\": 122", text);
        Assert.Contains("<ThreadPoolMinThreads>122</ThreadPoolMinThreads>", text);
        Assert.Contains("ThreadPool.SetMinThreads(122, completionPortThreads);", text);
        Assert.Contains("DOTNET_ThreadPool_ForceMinWorkerThreads=7A", text);
        Assert.Contains(gap.Settings, s => s.Where.Contains("0x7A", StringComparison.Ordinal));
    }

    [Fact]
    public void Stop_gap_follows_only_a_blocked_pool()
    {
        var fixture = DoctorFixtures.Load("taskwait.json");
        Assert.Null(AdviceBuilder.Build(VerdictKind.CpuSaturated, [], fixture.Samples, 2).StopGap);
        Assert.NotNull(AdviceBuilder.Build(VerdictKind.BlockingCompensated, [], fixture.Samples, 2).StopGap);
        Assert.NotNull(AdviceBuilder.Build(VerdictKind.Healthy, [new Culprit("A.B", BlockingKind.Sleep, "Thread.Sleep", 3, 0.5, [])], [], 2).StopGap);
    }
}
