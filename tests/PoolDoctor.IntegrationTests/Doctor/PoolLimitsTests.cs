using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// The pool's bounds read live (issue 35 item 5): an app that raises its minimum with SetMinThreads(64, 64) at start
/// (tests/apps/TunedInCode) and one whose project file sets them (tests/apps/TunedByConfig, runtimeconfig.json), each
/// launched by `diagnose -- dotnet app.dll`: the context block and report.json show what is set and where it came from.
/// The lab's defaults are checked in DiagnoseTests.
/// </summary>
public sealed class PoolLimitsTests
{
    [Fact]
    public async Task A_minimum_raised_by_SetMinThreads_in_code_is_read_live_into_the_context_block()
    {
        var (stdout, target) = await DiagnoseAsync("TunedInCode");

        Assert.Equal(64, target.GetProperty("minWorkerThreads").GetInt32());
        Assert.Equal(32767, target.GetProperty("maxWorkerThreads").GetInt32());
        Assert.StartsWith("set in code (ThreadPool.SetMinThreads)", target.GetProperty("sources").GetProperty("minWorkerThreads").GetString());
        Assert.Contains(target.GetProperty("liveLimits").EnumerateArray(), l => l.GetProperty("how").GetString() == "memory" && l.GetProperty("minWorkerThreads").GetInt32() == 64);
        Assert.Contains("min worker threads: 64 (set in code", stdout);
    }

    [Fact]
    public async Task Bounds_set_in_runtimeconfig_are_read_live_and_name_the_file()
    {
        var (stdout, target) = await DiagnoseAsync("TunedByConfig");

        Assert.Equal(48, target.GetProperty("minWorkerThreads").GetInt32());
        Assert.Equal(400, target.GetProperty("maxWorkerThreads").GetInt32());
        Assert.Contains("TunedByConfig.runtimeconfig.json; read live from the pool", target.GetProperty("sources").GetProperty("minWorkerThreads").GetString());
        Assert.Contains("min worker threads: 48 (System.Threading.ThreadPool.MinThreads = 48 in ", stdout);
    }

    private static async Task<(string StdOut, JsonElement Target)> DiagnoseAsync(string app)
    {
        var dll = ToolPaths.TestAppDll(app);
        Assert.True(File.Exists(dll), $"{dll} is missing: build PoolDoctor.slnx");
        var output = Directory.CreateTempSubdirectory("pooldoctor-limits-").FullName;
        var result = await ToolRun.RunAsync(["diagnose", "--duration", "3s", "-o", output, "--", ToolPaths.DotnetHost, dll, "30"], TimeSpan.FromSeconds(90));
        Assert.True(result.ExitCode == 0, result.ToString());
        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        return (result.StdOut.ReplaceLineEndings(" "), report.RootElement.GetProperty("target").Clone());
    }
}
