using PoolDoctor.Lab.Scenarios;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Lab.Scenarios;

public sealed class LabScenariosTests
{
    [Fact]
    public void The_labs_kinds_are_the_tools_kinds_by_name()
    {
        // The lab is a target app and references none of the tool's projects, so it names what its threads wait in with a
        // kind of its own; the corpus compares the two by name, which holds only while every lab kind is a tool kind.
        Assert.All(Enum.GetNames<LabBlockingKind>(), name => Assert.True(Enum.TryParse<BlockingKind>(name, out _), $"{name} is not a BlockingKind"));
    }

    [Fact]
    public void Both_hosts_serve_the_same_routes()
    {
        var mvc = Routes(LabHost.Mvc);
        var minimal = Routes(LabHost.Minimal).Except(LabScenarios.MinimalOnlyRoutes).ToList();
        Assert.Equal(mvc, minimal);
        Assert.All(LabScenarios.MinimalOnlyRoutes, route => Assert.Null(LabScenarios.Find(LabHost.Mvc, route)));
        Assert.Equal(mvc.Count, LabScenarios.All.Count(s => s.Host == LabHost.Mvc));
    }

    [Fact]
    public void Every_blocking_scenario_says_what_a_diagnosis_must_find_and_has_a_healthy_twin()
    {
        foreach (var scenario in LabScenarios.All.Where(s => s.Blocking))
        {
            Assert.False(string.IsNullOrWhiteSpace(scenario.CallSite), scenario.Path);
            Assert.False(string.IsNullOrWhiteSpace(scenario.Entry), scenario.Path);
            Assert.NotNull(scenario.FixedTwin);
            var twin = LabScenarios.Find(scenario.Host, scenario.FixedTwin);
            Assert.True(twin is { Blocking: false }, $"{scenario.Path}: twin {scenario.FixedTwin} is not a healthy route of the table");
            Assert.Equal(scenario.BackgroundRun, twin!.BackgroundRun);
        }
    }

    [Fact]
    public void Request_entries_name_the_route_template_of_their_own_host()
    {
        foreach (var scenario in LabScenarios.All.Where(s => s.Blocking && !s.BackgroundRun))
        {
            // Work queued by Task.Run serves no request on its own thread: its entry is the lambda.
            var expected = scenario.Route == "db/taskrun" ? "lambda in " : $"{(scenario.Host == LabHost.Grpc ? "POST" : "GET")} {scenario.Prefix}/";
            Assert.StartsWith(expected, scenario.Entry, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Negatives_the_corpus_needs_are_in_the_table()
    {
        foreach (var route in new[] { "hello", "cpu/20", "taskasyncwait", "slowasync", "alloc" })
        {
            Assert.True(LabScenarios.Find(LabHost.Mvc, route) is { Blocking: false, CallSite: null, Kind: null }, route);
        }
    }

    [Fact]
    public void Database_variants_are_routes_of_the_table_ending_with_the_fix()
    {
        Assert.All(LabScenarios.DatabaseVariants, route => Assert.NotNull(LabScenarios.Find(LabHost.Mvc, route)));
        Assert.False(LabScenarios.Find(LabHost.Mvc, LabScenarios.DatabaseVariants[^1])!.Blocking);
    }

    private static List<string> Routes(LabHost host) =>
        LabScenarios.All.Where(s => s.Host == host).Select(s => s.Route).Distinct().Order(StringComparer.Ordinal).ToList();
}
