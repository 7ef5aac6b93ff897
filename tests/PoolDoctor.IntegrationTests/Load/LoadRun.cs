using System.Globalization;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Load;

/// <summary>The figures of one `dotnet-pooldoctor load --format json` run that the tests assert on.</summary>
public sealed record LoadRun(long Requests, double MeanMs, long Success, long NonSuccess, long Timeouts, long Errors, double TimeoutMs, string Raw)
{
    /// <summary>
    /// A lower bound of the mean latency over every request, answered or not: a request that timed out took at least
    /// the timeout. A starving lab on a busy machine may answer none of the first 125 requests within the timeout;
    /// then the reported mean (over responses only) is empty, but this bound still says how slow the requests were.
    /// </summary>
    public double MeanLowerBoundMs => Requests + Timeouts == 0 ? 0 : ((Requests * MeanMs) + (Timeouts * TimeoutMs)) / (Requests + Timeouts);

    public static async Task<LoadRun> RunAsync(string url, int connections = 125, string duration = "10s", int timeoutSeconds = 15, IReadOnlyList<string>? extra = null)
    {
        var result = await ToolRun.RunAsync(
            ["load", url, "-c", connections.ToString(CultureInfo.InvariantCulture), "-d", duration, "--timeout", timeoutSeconds.ToString(CultureInfo.InvariantCulture), "--format", "json",
                .. extra ?? []],
            TimeSpan.FromSeconds(90));
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
            timeoutSeconds * 1000.0,
            result.StdOut);
    }
}
