using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.Lab.Scenarios;

namespace PoolDoctor.IntegrationTests.Lab;

// Blocking shows whatever the other lane does: scripts/test.sh may run these beside another paired test.
public sealed class LabSmokeTests
{
    /// <summary>A single request, even to a blocking route, answers well within this on an idle lab.</summary>
    private static readonly TimeSpan OneRequest = TimeSpan.FromSeconds(10);

    private static readonly TimeSpan MinimumBlockingTime = TimeSpan.FromMilliseconds(400);

    public static TheoryData<LabHost> Hosts => [LabHost.Mvc, LabHost.Minimal];

    [Theory]
    [MemberData(nameof(Hosts))]
    public async Task Every_request_route_of_the_table_answers_on_the_embedded_database(LabHost host)
    {
        var scenarios = LabScenarios.All.Where(s => s.Host == host && !s.BackgroundRun).ToList();
        Assert.True(scenarios.Count >= 25, $"{host}: only {scenarios.Count} request scenarios in the table");
        await using var lab = await LabProcess.StartAsync();
        using var http = new HttpClient { Timeout = OneRequest };
        // A few at a time: enough to finish quickly, few enough that the blocking ones cannot starve a fresh 2-core lab.
        var failures = new System.Collections.Concurrent.ConcurrentBag<string>();
        await Parallel.ForEachAsync(scenarios, new ParallelOptions { MaxDegreeOfParallelism = 4 }, async (scenario, _) =>
        {
            var clock = System.Diagnostics.Stopwatch.StartNew();
            var (status, body) = await GetAsync(http, lab.PathUrl(scenario.Path));
            if (status != 200 || !(body.StartsWith("success:", StringComparison.Ordinal) || body == "hello"))
            {
                failures.Add($"{scenario.Path}: {status} {body}");
            }
            // A lower bound only: proves the blocking code ran (the filter, the middleware, the dependency), never
            // flaky on a slow machine. The queue's wait is its 25 ms render time when alone, so it is not checked.
            if (scenario.Blocking && scenario.Route != "queue/sync" && clock.Elapsed < MinimumBlockingTime)
            {
                failures.Add($"{scenario.Path}: answered in {clock.Elapsed.TotalMilliseconds:0} ms, so it did not wait for its 500 ms call");
            }
            if (scenario.Route.StartsWith("middleware/", StringComparison.Ordinal) && !body.EndsWith("tenant-1", StringComparison.Ordinal))
            {
                failures.Add($"{scenario.Path}: the tenant middleware did not run ({body})");
            }
        });
        Assert.True(failures.IsEmpty, string.Join('\n', failures) + "\n" + lab.Output);
    }

    [Theory]
    [MemberData(nameof(Hosts))]
    public async Task Background_blockers_start_from_a_route_and_stop_by_themselves(LabHost host)
    {
        // The fixed twins first: a blocking run starves the lab for a while after its deadline too.
        var triggers = LabScenarios.All.Where(s => s.Host == host && s.BackgroundRun).OrderBy(s => s.Blocking).ToList();
        Assert.Equal(4, triggers.Count);
        await using var lab = await LabProcess.StartAsync();
        using var http = new HttpClient { Timeout = OneRequest };
        foreach (var trigger in triggers)
        {
            // Long enough that the second call lands inside the run even when the blocking run slows it down by seconds.
            var url = lab.PathUrl(trigger.Path) + "?seconds=8";
            var first = await GetAsync(http, url);
            Assert.Equal((200, $"success:{trigger.Route} started for 8 s"), first);
            var again = await GetAsync(http, url);
            Assert.Equal((200, $"success:{trigger.Route} already running"), again);
            // Bounded: once the run's deadline passed (and its last blocked calls returned) the route starts a new one.
            var restarted = false;
            for (var attempt = 0; attempt < 38 && !restarted; attempt++)
            {
                await Task.Delay(TimeSpan.FromSeconds(1));
                restarted = (await GetAsync(http, lab.PathUrl(trigger.Path) + "?seconds=1")).Body.EndsWith("started for 1 s", StringComparison.Ordinal);
            }
            Assert.True(restarted, $"{trigger.Path}: still running 30 s after an 8 s run\n{lab.Output}");
        }
    }

    [Theory]
    [MemberData(nameof(Hosts))]
    public async Task Unknown_cpu_duration_is_rejected_not_run(LabHost host)
    {
        await using var lab = await LabProcess.StartAsync();
        using var http = new HttpClient();
        var prefix = LabScenarios.All.First(s => s.Host == host).Prefix;
        var response = await http.GetAsync(lab.PathUrl($"{prefix}/cpu/999999"));
        Assert.Equal(System.Net.HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task Lab_refuses_a_database_it_cannot_reach_with_one_line()
    {
        var result = await ToolRun.RunAsync(["lab", "--urls", $"http://127.0.0.1:{FreePort.Next()}", "--db", $"Host=127.0.0.1;Port={FreePort.Next()};Username=x;Password=y;Timeout=3"], TimeSpan.FromSeconds(60));
        Assert.Equal(1, result.ExitCode);
        Assert.Single(result.StdErr.Trim().Split('\n'));
        Assert.Contains("database", result.StdErr);
    }

    private static async Task<(int Status, string Body)> GetAsync(HttpClient http, string url)
    {
        using var response = await http.GetAsync(url);
        return ((int)response.StatusCode, await response.Content.ReadAsStringAsync());
    }
}
