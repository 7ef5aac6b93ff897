using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Advice;

/// <summary>
/// The pool's bounds as the target gave them (its memory, the runtime's ThreadPoolMinMaxThreads event) win over what
/// is inferred, and say where they came from by what they equal: what the target started with, the runtime's default,
/// or code.
/// </summary>
public sealed class LivePoolBoundsTests
{
    private static readonly DateTimeOffset ReadAt = new(2026, 11, 28, 9, 41, 0, TimeSpan.Zero);

    private static readonly IReadOnlyDictionary<string, string> Unreadable = new Dictionary<string, string>
    {
        ["minWorkerThreads"] = "not readable from outside the process",
        ["maxWorkerThreads"] = "not readable from outside the process",
    };

    private static TargetContext Context(int? min, int? max, ConfiguredMinThreads? configuredMin = null, ConfiguredMinThreads? configuredMax = null, PoolLimits? set = null) =>
        new("10.0.0", 2, null, null, null, "dotnet app.dll")
        {
            Unknown = Unreadable,
            ConfiguredMin = configuredMin,
            ConfiguredMax = configuredMax,
            LimitsRead = min is { } a && max is { } b ? new PoolLimits(a, b, ReadAt, PoolLimitsReadingKind.Memory) : null,
            LimitsSet = set,
        };

    private static string ContextLine(TargetContext resolved) => ContextText.Lines(new RunContext(resolved, new ToolContext("0.1.0-test", "x")))[1];

    [Fact]
    public void Defaults_read_live_are_said_as_a_reading_not_as_a_conclusion()
    {
        var resolved = PoolBounds.Resolve(Context(2, 32767), setters: null);

        Assert.Equal((2, 32767), (resolved.MinWorkerThreads, resolved.MaxWorkerThreads));
        Assert.Empty(resolved.Unknown);
        Assert.Equal("the runtime's default (the processor count); read live from the pool", resolved.Sources["minWorkerThreads"]);
        Assert.Equal("min/max worker threads: 2 / 32767 (the runtime's defaults, read live from the pool)", ContextLine(resolved));
        Assert.Null(PoolBounds.RaisedMinimum(resolved));
    }

    [Fact]
    public void A_minimum_raised_in_code_is_read_live_and_named_as_set_in_code()
    {
        var resolved = PoolBounds.Resolve(Context(64, 32767), setters: null);

        Assert.Equal(64, resolved.MinWorkerThreads);
        Assert.StartsWith("set in code (ThreadPool.SetMinThreads)", resolved.Sources["minWorkerThreads"]);
        Assert.StartsWith("min worker threads: 64 (set in code", ContextLine(resolved));
        Assert.Equal(64, PoolBounds.RaisedMinimum(resolved)?.Workers);
    }

    [Fact]
    public void With_the_apps_IL_the_setters_caller_is_named_and_the_read_value_replaces_unknown()
    {
        var setters = new PoolBounds.SetterCalls(["Shop.Program.<Main>$"], []);

        var resolved = PoolBounds.Resolve(Context(64, 32767), setters);

        Assert.Equal(64, resolved.MinWorkerThreads);
        Assert.Equal("set by ThreadPool.SetMinThreads in Shop.Program.<Main>$; read live from the pool", resolved.Sources["minWorkerThreads"]);
        Assert.Equal("the runtime's default (32767); read live from the pool", resolved.Sources["maxWorkerThreads"]);
        Assert.Equal(new ConfiguredMinThreads(64, resolved.Sources["minWorkerThreads"]), PoolBounds.CurrentMinimum(resolved));
    }

    [Fact]
    public void A_value_equal_to_the_runtimeconfig_setting_names_that_file()
    {
        var min = new ConfiguredMinThreads(48, "System.Threading.ThreadPool.MinThreads = 48 in /app/app.runtimeconfig.json");
        var max = new ConfiguredMinThreads(400, "System.Threading.ThreadPool.MaxThreads = 400 in /app/app.runtimeconfig.json");

        var resolved = PoolBounds.Resolve(Context(48, 400, min, max), setters: null);

        Assert.Equal("min worker threads: 48 (System.Threading.ThreadPool.MinThreads = 48 in /app/app.runtimeconfig.json; read live from the pool); "
            + "max worker threads: 400 (System.Threading.ThreadPool.MaxThreads = 400 in /app/app.runtimeconfig.json; read live from the pool)", ContextLine(resolved));
    }

    [Fact]
    public void A_value_that_differs_from_the_configured_one_says_code_changed_it_since()
    {
        var min = new ConfiguredMinThreads(48, "DOTNET_ThreadPool_ForceMinWorkerThreads=30");

        var resolved = PoolBounds.Resolve(Context(100, 32767, min), setters: null);

        Assert.Equal(100, resolved.MinWorkerThreads);
        Assert.Contains("set in code since the start", resolved.Sources["minWorkerThreads"]);
        Assert.Contains("it started with DOTNET_ThreadPool_ForceMinWorkerThreads=30", resolved.Sources["minWorkerThreads"]);
    }

    [Fact]
    public void A_setter_call_during_the_watch_wins_and_says_when()
    {
        var set = new PoolLimits(128, 32767, ReadAt.AddSeconds(2), PoolLimitsReadingKind.Event);

        var resolved = PoolBounds.Resolve(Context(2, 32767, set: set), setters: null);

        Assert.Equal(128, resolved.MinWorkerThreads);
        Assert.Equal("set by ThreadPool.SetMinThreads at 09:41:02 UTC (the runtime's ThreadPoolMinMaxThreads event)", resolved.Sources["minWorkerThreads"]);
        // The event repeats the maximum it did not change: that one keeps its origin.
        Assert.Equal("the runtime's default (32767); reported by the runtime at 09:41:02 UTC", resolved.Sources["maxWorkerThreads"]);
    }

    [Fact]
    public void A_read_after_the_event_is_the_later_figure()
    {
        var set = new PoolLimits(128, 32767, ReadAt.AddSeconds(-5), PoolLimitsReadingKind.Event);

        var resolved = PoolBounds.Resolve(Context(64, 32767, set: set), setters: null);

        Assert.Equal(64, resolved.MinWorkerThreads);
        Assert.EndsWith("read live from the pool", resolved.Sources["minWorkerThreads"]);
    }

    [Fact]
    public void Without_a_processor_count_no_default_is_claimed_from_a_reading()
    {
        var context = Context(2, 32767) with { ProcessorCount = null };

        var resolved = PoolBounds.Resolve(context, setters: null);

        Assert.Equal(2, resolved.MinWorkerThreads);
        Assert.DoesNotContain("set in code", resolved.Sources["minWorkerThreads"]);
        Assert.Contains("not set in the environment or runtimeconfig.json", resolved.Sources["minWorkerThreads"]);
    }

    [Fact]
    public void The_stop_gap_says_the_minimum_read_now()
    {
        var resolved = PoolBounds.Resolve(Context(64, 32767), setters: null);
        var gap = MinThreadsCalculator.Advise(125, 2, "test");

        var applied = StopGapAgainstConfigured.Apply(gap, PoolBounds.CurrentMinimum(resolved));

        Assert.Contains("runs with MinThreads 64, below this value", applied.Configured);
        Assert.Contains("Source of that minimum: set in code", applied.Configured);
    }

    [Fact]
    public void Report_json_lists_the_live_readings_oldest_first()
    {
        var set = new PoolLimits(128, 32767, ReadAt.AddSeconds(2), PoolLimitsReadingKind.Event);
        var resolved = PoolBounds.Resolve(Context(64, 32767, set: set), setters: null);
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with
        {
            Context = new RunContext(resolved, new ToolContext("0.1.0-test", "x")),
        };

        using var doc = System.Text.Json.JsonDocument.Parse(ReportJsonWriter.Write(report));
        var live = doc.RootElement.GetProperty("target").GetProperty("liveLimits");

        Assert.Equal(["memory", "event"], live.EnumerateArray().Select(l => l.GetProperty("how").GetString()));
        Assert.Equal([64, 128], live.EnumerateArray().Select(l => l.GetProperty("minWorkerThreads").GetInt32()));
        Assert.Equal("2026-11-28T09:41:02.000Z", live[1].GetProperty("atUtc").GetString());
        Assert.Equal(128, doc.RootElement.GetProperty("target").GetProperty("minWorkerThreads").GetInt32());
    }
}
