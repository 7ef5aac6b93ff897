using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Doctor;

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
        var advice = AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores);
        var gap = Assert.IsType<Model.Advice.MinThreadsAdvice>(advice.StopGap);
        // The capture saw 96 blocked; the counters peaked at 105 threads on 2 cores: 103 is the larger observation.
        Assert.Equal(105, (int)fixture.Samples.Max(s => s.ThreadCount));
        Assert.Equal(103, gap.PeakBlockedThreads);
        Assert.Equal(2, gap.Cores);
        Assert.Equal(103 + 2 + 26, gap.Value);
        Assert.Contains("96 pool threads blocked in culprit code", gap.BlockedSource);
        Assert.Contains("palliative", gap.Warning, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Recorded_demo_report_recomputes_to_the_same_stop_gap()
    {
        // report.json of a real `demo` run (taskwait, 125 connections, 2 cores): the capture at 2.3 s saw 21 pool threads
        // blocked in TaskWait while the counters peaked at 44 threads, so B = 44 - 2 = 42 and MinThreads = 42 + 2 + 11.
        var fixture = DoctorFixtures.Load("taskwait-recorded-report.json");
        Assert.Equal(2, fixture.Cores);
        Assert.Equal(21, Assert.Single(fixture.Culprits).Threads);
        var advice = AdviceBuilder.Build(fixture.Verdict, fixture.Culprits, fixture.Samples, fixture.Cores);
        Assert.Equal(42, advice.StopGap!.PeakBlockedThreads);
        Assert.Equal(55, advice.StopGap.Value);
        Assert.Contains("DOTNET_ThreadPool_ForceMinWorkerThreads=37", advice.StopGap.Settings[3].Text);
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
        var fixture = DoctorFixtures.Load("taskwait.json");
        var advice = AdviceBuilder.Build(VerdictKind.Starving, [], fixture.Samples, fixture.Cores);
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
