using System.Text.Json;
using PoolDoctor.Model.Load;
using PoolDoctor.Report.Load;

namespace PoolDoctor.Tests.Report.Load;

public sealed class LoadRenderersTests
{
    private static readonly LoadSummary Starving = new(
        "http://127.0.0.1:5000/api/diagscenario/taskwait",
        125,
        454,
        10.5,
        new RateStats(33.06, 234.67, 3313.54),
        new LatencyStats(3480, 1390, 10790, 3050, 4100, 5600, 6800, 9000),
        new StatusCounts(0, 450, 0, 0, 4, 0),
        new ErrorCounts(3, 0, 1, 0, 0, 0),
        BytesRead: 791_000,
        BytesWritten: 41_000,
        LateSends: 0);

    [Fact]
    public void Text_follows_bombardiers_layout()
    {
        var lines = LoadTextRenderer.Render(Starving).Split(Environment.NewLine);
        Assert.Equal(
        [
            "Loaded http://127.0.0.1:5000/api/diagscenario/taskwait for 10.50s using 125 connection(s)",
            "Statistics        Avg      Stdev        Max",
            "  Reqs/sec        33.06     234.67    3313.54",
            "  Latency         3.48s      1.39s     10.79s",
            "  Latency Distribution",
            "     50%      3.05s",
            "     75%      4.10s",
            "     90%      5.60s",
            "     95%      6.80s",
            "     99%      9.00s",
            "  HTTP codes:",
            "    1xx - 0, 2xx - 450, 3xx - 0, 4xx - 0, 5xx - 4",
            "    others - 0",
            "  Errors:",
            "       timeout - 3",
            "          read - 1",
            "  Throughput:    77.38KB/s",
            "  Requests:         454 in 10.50s (43.24/s overall)",
            "",
        ], lines);
    }

    [Theory]
    [InlineData(0.25, "250.00us")]
    [InlineData(12.345, "12.35ms")]
    [InlineData(1500, "1.50s")]
    public void Latencies_pick_their_unit_like_bombardier(double milliseconds, string text) =>
        Assert.Equal(text, LoadTextRenderer.FormatMilliseconds(milliseconds));

    [Fact]
    public void Json_has_every_documented_key()
    {
        using var json = JsonDocument.Parse(LoadJsonRenderer.Render(Starving));
        var root = json.RootElement;
        Assert.Equal(PoolDoctor.Report.JsonSchemaVersion.Current, root.GetProperty("schemaVersion").GetInt32());
        Assert.Equal(454, root.GetProperty("requests").GetInt64());
        Assert.Equal(10.5, root.GetProperty("elapsedSeconds").GetDouble());
        Assert.Equal(33.06, root.GetProperty("rps").GetProperty("mean").GetDouble());
        Assert.Equal(234.67, root.GetProperty("rps").GetProperty("stdev").GetDouble());
        Assert.Equal(3313.54, root.GetProperty("rps").GetProperty("max").GetDouble());
        Assert.Equal(43.238, root.GetProperty("rps").GetProperty("overall").GetDouble());
        var latency = root.GetProperty("latencyMs");
        foreach (var (key, value) in new[] { ("mean", 3480.0), ("stdev", 1390), ("max", 10790), ("p50", 3050), ("p75", 4100), ("p90", 5600), ("p95", 6800), ("p99", 9000) })
        {
            Assert.Equal(value, latency.GetProperty(key).GetDouble());
        }
        var status = root.GetProperty("status");
        Assert.Equal(450, status.GetProperty("2xx").GetInt64());
        Assert.Equal(4, status.GetProperty("5xx").GetInt64());
        Assert.Equal(4, status.GetProperty("non2xx").GetInt64());
        foreach (var key in new[] { "1xx", "3xx", "4xx", "other" })
        {
            Assert.Equal(0, status.GetProperty(key).GetInt64());
        }
        var errors = root.GetProperty("errors");
        Assert.Equal(3, errors.GetProperty("timeout").GetInt64());
        Assert.Equal(1, errors.GetProperty("read").GetInt64());
        Assert.Equal(0, errors.GetProperty("other").GetInt64());
        Assert.Equal(4, errors.GetProperty("total").GetInt64());
        Assert.Equal(JsonValueKind.Null, root.GetProperty("targetRate").ValueKind);
    }
}
