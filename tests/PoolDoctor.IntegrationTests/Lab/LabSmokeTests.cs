using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Lab;

public sealed class LabSmokeTests
{
    [Fact]
    public async Task Every_endpoint_answers_on_the_embedded_database()
    {
        await using var lab = await LabProcess.StartAsync();
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
        string[] routes =
        [
            "taskwait", "tasksleepwait", "taskasyncwait", "db/sync", "db/asyncoversync", "db/taskrun",
            "db/syncoverasync", "db/async", "getresult", "wait", "lock", "semaphore", "sleep", "cpu/20", "hello",
        ];
        var calls = routes.Select(async route => (route, response: await http.GetAsync(lab.Url(route))));
        foreach (var (route, response) in await Task.WhenAll(calls))
        {
            Assert.True(response.IsSuccessStatusCode, $"{route}: {(int)response.StatusCode}");
            var expected = route == "hello" ? "hello" : "success:" + (route.StartsWith("cpu/", StringComparison.Ordinal) ? "cpu" : route);
            Assert.StartsWith(expected, await response.Content.ReadAsStringAsync());
        }
    }

    [Fact]
    public async Task Unknown_cpu_duration_is_rejected_not_run()
    {
        await using var lab = await LabProcess.StartAsync();
        using var http = new HttpClient();
        var response = await http.GetAsync(lab.Url("cpu/999999"));
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
}
