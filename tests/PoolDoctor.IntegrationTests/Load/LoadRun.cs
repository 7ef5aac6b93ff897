using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Load;

/// <summary>The figures of one `dotnet-pooldoctor load --format json` run that the tests assert on.</summary>
public sealed record LoadRun(long Requests, double MeanMs, long Success, long NonSuccess, long Timeouts, long Errors, string Raw)
{
    public static async Task<LoadRun> RunAsync(string url, int connections = 125, string duration = "10s")
    {
        var result = await ToolRun.RunAsync(["load", url, "-c", connections.ToString(System.Globalization.CultureInfo.InvariantCulture), "-d", duration, "--format", "json"], TimeSpan.FromSeconds(90));
        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.StdOut);
        var root = json.RootElement;
        var errors = root.GetProperty("errors");
        return new LoadRun(
            root.GetProperty("requests").GetInt64(),
            root.GetProperty("latencyMs").GetProperty("mean").GetDouble(),
            root.GetProperty("status").GetProperty("2xx").GetInt64(),
            root.GetProperty("status").GetProperty("non2xx").GetInt64(),
            errors.GetProperty("timeout").GetInt64(),
            errors.GetProperty("total").GetInt64(),
            result.StdOut);
    }
}
