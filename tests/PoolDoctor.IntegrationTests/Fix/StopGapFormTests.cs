using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Fix;

/// <summary>
/// Issue 21 item 3: `fix --stop-gap --stop-gap-as FORM --apply` writes the report's MinThreads into a copy of a user-style
/// app (tests/apps/ConsoleWorker), the copy builds in Release with the repository's warnings-as-errors settings, and the
/// running build's pool really has that minimum: read from the process's memory by `dump` + `analyze` (ClrMD's
/// thread pool), which sees all three forms alike, the SetMinThreads call in code included.
/// </summary>
public sealed class StopGapFormTests
{
    /// <summary>The recorded report's stop-gap (tests/PoolDoctor.Tests/snapshots/report.json: advice.minThreads.value).</summary>
    private const int ReportMinThreads = 150;

    [Theory]
    [InlineData("runtimeconfig")]
    [InlineData("msbuild")]
    [InlineData("code")]
    public async Task The_stop_gap_in_each_form_builds_and_sets_the_running_pools_MinThreads(string form)
    {
        var report = Path.Combine(ToolPaths.RepositoryRoot(), "tests", "PoolDoctor.Tests", "snapshots", "report.json");
        using var json = JsonDocument.Parse(await File.ReadAllTextAsync(report));
        Assert.Equal(ReportMinThreads, json.RootElement.GetProperty("advice").GetProperty("minThreads").GetProperty("value").GetInt32());
        using var copy = AppCopy.Of("ConsoleWorker");

        var fix = await ToolRun.RunAsync(["fix", report, "--project", copy.Project, "--stop-gap", "--stop-gap-as", form, "--apply"], TimeSpan.FromMinutes(2));
        Assert.True(fix.ExitCode == 0, fix.ToString());
        // The recorded report's culprit has no source line: the rewrite is refused, said, and the stop-gap still names the fix.
        Assert.Contains("fix refused", fix.StdErr, StringComparison.Ordinal);
        Assert.Contains("palliative", fix.StdErr, StringComparison.Ordinal);

        var (built, output) = await copy.BuildAsync();
        Assert.True(built == 0, output);
        var runtimeConfig = Path.ChangeExtension(copy.ReleaseDll("ConsoleWorker"), ".runtimeconfig.json");
        var configured = PoolDoctor.Collect.Attach.TargetMinThreads.FromRuntimeConfig(await File.ReadAllTextAsync(runtimeConfig));
        Assert.Equal(form == "code" ? null : ReportMinThreads, configured);

        Assert.Equal(ReportMinThreads, await EffectiveMinThreadsAsync(copy.ReleaseDll("ConsoleWorker")));
    }

    /// <summary>Runs the build, dumps it once its pool is busy, and reads the pool's minimum from the dump.</summary>
    private static async Task<int?> EffectiveMinThreadsAsync(string dll)
    {
        var info = new ProcessStartInfo(ToolPaths.DotnetHost) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(dll);
        // The app's lifetime must outlast the dump on a loaded machine: in one CI run `dump` failed after 32.7 s, just past
        // the 30 s the app was given. The finally below ends the app as soon as its pool is read.
        info.ArgumentList.Add("600");
        using var app = Process.Start(info)!;
        var dump = Path.Combine(Path.GetTempPath(), $"pooldoctor-stopgap-{Guid.NewGuid():N}.dmp");
        try
        {
            await Task.Delay(TimeSpan.FromSeconds(2));
            var written = await ToolRun.RunAsync(["dump", "-p", app.Id.ToString(CultureInfo.InvariantCulture), "-o", dump], TimeSpan.FromSeconds(120));
            Assert.True(written.ExitCode == 0, written.ToString());
            var analyzed = await ToolRun.RunAsync(["analyze", dump, "--format", "json"], TimeSpan.FromSeconds(180));
            Assert.True(analyzed.ExitCode == 0, analyzed.ToString());
            using var json = JsonDocument.Parse(analyzed.StdOut);
            return json.RootElement.GetProperty("threadPool").TryGetProperty("minThreads", out var min) ? min.GetInt32() : null;
        }
        finally
        {
            app.Kill(entireProcessTree: true);
            await app.WaitForExitAsync();
            File.Delete(dump);
        }
    }
}
