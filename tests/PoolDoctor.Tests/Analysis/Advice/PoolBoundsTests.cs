using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Analysis.Culprits;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Advice;

public sealed class PoolBoundsTests
{
    private static readonly IReadOnlyDictionary<string, string> Unreadable = new Dictionary<string, string>
    {
        ["minWorkerThreads"] = "not readable from outside the process",
        ["maxWorkerThreads"] = "not readable from outside the process",
    };

    private static TargetContext Context(ConfiguredMinThreads? min = null, ConfiguredMinThreads? max = null) =>
        new("10.0.0", 2, null, null, null, "dotnet app.dll") { Unknown = Unreadable, ConfiguredMin = min, ConfiguredMax = max };

    // The app's own IL read, with no setter in it: this test assembly's graph less the sample that calls SetMinThreads.
    private static PoolBounds.SetterCalls NoSetters() =>
        PoolBounds.SetterCalls.In(ShopGraph.Graph with { Methods = [.. ShopGraph.Graph.Methods.Where(m => !m.TypeFullName.EndsWith("StartupTuning", StringComparison.Ordinal))] });

    [Fact]
    public void The_setter_calls_are_found_in_the_apps_IL()
    {
        var setters = PoolBounds.SetterCalls.In(ShopGraph.Graph);
        Assert.Equal(["PoolDoctor.Tests.Samples.Pool.StartupTuning.RaiseMinimum"], setters.Min);
        Assert.Empty(setters.Max);
    }

    [Fact]
    public void Nothing_sets_the_bounds_so_they_are_the_runtimes_defaults_and_say_so()
    {
        var resolved = PoolBounds.Resolve(Context(), NoSetters());
        Assert.Equal(2, resolved.MinWorkerThreads);
        Assert.Equal(PoolBounds.DefaultMaxWorkers, resolved.MaxWorkerThreads);
        Assert.Empty(resolved.Unknown);
        Assert.StartsWith("the runtime's default (the processor count)", resolved.Sources["minWorkerThreads"]);
        Assert.Contains("no SetMinThreads call in the app's assemblies", resolved.Sources["minWorkerThreads"]);
        Assert.Equal("min/max worker threads: 2 / 32767 (the runtime's defaults: no DOTNET_ThreadPool_Force*WorkerThreads variable, "
            + "no ThreadPool setting in runtimeconfig.json, no SetMinThreads/SetMaxThreads call in the app's assemblies)",
            ContextText.Lines(new RunContext(resolved, new ToolContext("0.1.0-test", "dotnet-pooldoctor diagnose -p 1")))[1]);
    }

    [Fact]
    public void A_SetMinThreads_call_in_code_leaves_the_minimum_unknown_and_names_the_caller()
    {
        var resolved = PoolBounds.Resolve(Context(min: new ConfiguredMinThreads(300, "DOTNET_ThreadPool_ForceMinWorkerThreads=12C")), PoolBounds.SetterCalls.In(ShopGraph.Graph));
        Assert.Null(resolved.MinWorkerThreads);
        Assert.Contains("calls ThreadPool.SetMinThreads in PoolDoctor.Tests.Samples.Pool.StartupTuning.RaiseMinimum", resolved.Unknown["minWorkerThreads"]);
        Assert.Contains("it started with DOTNET_ThreadPool_ForceMinWorkerThreads=12C", resolved.Unknown["minWorkerThreads"]);
        Assert.Equal(PoolBounds.DefaultMaxWorkers, resolved.MaxWorkerThreads);
        Assert.Null(PoolBounds.CurrentMinimum(resolved));
    }

    [Fact]
    public void A_configured_bound_wins_over_the_default_and_is_what_the_stop_gap_compares_with()
    {
        var resolved = PoolBounds.Resolve(
            Context(min: new ConfiguredMinThreads(64, "System.Threading.ThreadPool.MinThreads = 64 in /app/app.runtimeconfig.json"),
                max: new ConfiguredMinThreads(500, "System.Threading.ThreadPool.MaxThreads = 500 in /app/app.runtimeconfig.json")),
            NoSetters());
        Assert.Equal(64, resolved.MinWorkerThreads);
        Assert.Equal(500, resolved.MaxWorkerThreads);
        Assert.Equal(new ConfiguredMinThreads(64, "System.Threading.ThreadPool.MinThreads = 64 in /app/app.runtimeconfig.json"), PoolBounds.CurrentMinimum(resolved));
        var line = ContextText.Lines(new RunContext(resolved, new ToolContext("0.1.0-test", "x")))[1];
        Assert.Equal("min worker threads: 64 (System.Threading.ThreadPool.MinThreads = 64 in /app/app.runtimeconfig.json); "
            + "max worker threads: 500 (System.Threading.ThreadPool.MaxThreads = 500 in /app/app.runtimeconfig.json)", line);
    }

    [Fact]
    public void Report_json_says_where_each_known_bound_came_from_and_html_shows_it()
    {
        var resolved = PoolBounds.Resolve(Context(), NoSetters());
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with
        {
            Context = new RunContext(resolved, new ToolContext("0.1.0-test", "x")),
        };
        using var doc = System.Text.Json.JsonDocument.Parse(ReportJsonWriter.Write(report));
        var target = doc.RootElement.GetProperty("target");
        Assert.Equal(2, target.GetProperty("minWorkerThreads").GetInt32());
        Assert.Equal(32767, target.GetProperty("maxWorkerThreads").GetInt32());
        Assert.StartsWith("the runtime's default", target.GetProperty("sources").GetProperty("maxWorkerThreads").GetString());
        Assert.Contains("<dd id=\"ctx-minWorkerThreads\">2 <small class=\"source\">(the runtime&#39;s default", ReportHtmlWriter.Write(report));
    }

    [Fact]
    public void Without_the_apps_IL_no_default_is_claimed()
    {
        var resolved = PoolBounds.Resolve(Context(), setters: null);
        Assert.Null(resolved.MinWorkerThreads);
        Assert.Null(resolved.MaxWorkerThreads);
        Assert.Equal(Unreadable, resolved.Unknown);
        Assert.Empty(resolved.Sources);
    }
}
