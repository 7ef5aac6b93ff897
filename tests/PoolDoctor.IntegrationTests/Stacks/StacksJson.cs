using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

internal static class StacksJson
{
    public static async Task<(JsonDocument Json, ToolResult Run)> CaptureAsync(int pid, params string[] extra)
    {
        var run = await ToolRun.RunAsync(["stacks", "-p", pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "--format", "json", .. extra], TimeSpan.FromSeconds(90));
        Assert.True(run.ExitCode == 0, run.ToString());
        return (JsonDocument.Parse(run.StdOut), run);
    }

    public static IReadOnlyList<CulpritJson> Culprits(JsonDocument json) =>
        [.. json.RootElement.GetProperty("culprits").EnumerateArray().Select(c => new CulpritJson(
            c.GetProperty("method").GetString()!,
            c.GetProperty("kind").GetString()!,
            c.GetProperty("api").GetString()!,
            c.GetProperty("threads").GetInt32(),
            c.GetProperty("share").GetDouble()))];

    public static string Describe(JsonDocument json, ToolResult run) =>
        string.Join("; ", Culprits(json).Select(c => $"{c.Method} {c.Kind} {c.Api} {c.Threads}t {c.Share:P1}")) +
        $" | threads {json.RootElement.GetProperty("threads")}, pool {json.RootElement.GetProperty("threadPoolThreads")}, samples {json.RootElement.GetProperty("samples")}" +
        $" | stderr: {run.StdErr.Trim()}";
}
