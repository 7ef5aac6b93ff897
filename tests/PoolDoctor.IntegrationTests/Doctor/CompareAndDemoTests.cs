using System.Text.Json;
using System.Text.RegularExpressions;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

public sealed class CompareAndDemoTests
{
    // Skipped (not passed) without Chromium although the demo itself ran: the report's rendering went unchecked.
    [SkippableFact]
    public async Task Demo_diagnoses_taskwait_and_prints_the_two_row_table_within_90_seconds()
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-demo-").FullName;
        var result = await ToolRun.RunAsync(["demo", "-o", output], TimeSpan.FromSeconds(120));
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(result.Elapsed < TimeSpan.FromSeconds(90), $"the demo took {result.Elapsed.TotalSeconds:F0} s");
        Assert.Matches(@"Verdict: (Starving|BlockingCompensated)", result.StdOut);
        Assert.Matches(@"DiagScenarioController\.TaskWait\s+GET /api/diagscenario/taskwait\s+SyncOverAsync", result.StdOut);
        Assert.Contains("public async Task<string> TaskWait()", result.StdOut);
        Assert.Contains("MinThreads = ", result.StdOut);
        var table = result.StdOut[result.StdOut.IndexOf("Before / after:", StringComparison.Ordinal)..].Split('\n');
        Assert.StartsWith("variant", table[1]);
        Assert.Matches(@"^taskwait\s.*\s(Starving|BlockingCompensated)\s*$", table[3]);
        Assert.Matches(@"^taskasyncwait\s.*\sHealthy\s*$", table[4]);
        Assert.DoesNotMatch(@"^\w", table[5]);

        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var rows = report.RootElement.GetProperty("compare");
        Assert.Equal(2, rows.GetArrayLength());
        // The healthy row means something only if the load reached the lab: requests counts responses received.
        var healthy = rows[1];
        Assert.Equal("taskasyncwait", healthy.GetProperty("variant").GetString());
        Assert.True(healthy.GetProperty("requests").GetInt64() > 0, healthy.ToString());
        await AssertNoLabLeftAsync(result.StdOut);
        await AssertReportRendersAsync(Path.Combine(output, "report.html"));
    }

    [Fact]
    public async Task Compare_watching_a_target_gives_a_row_per_variant_in_json()
    {
        await using var lab = await LabProcess.StartAsync();
        var result = await ToolRun.RunAsync(
            ["compare", $"fixed={lab.Url("taskasyncwait")}", lab.Url("hello"), "-c", "20", "-d", "3s", "-p", lab.ProcessId.ToString(), "--format", "json"],
            TimeSpan.FromSeconds(60));
        Assert.True(result.ExitCode == 0, result.ToString());
        using var doc = JsonDocument.Parse(result.StdOut);
        var rows = doc.RootElement.GetProperty("variants");
        Assert.Equal(2, rows.GetArrayLength());
        Assert.Equal("fixed", rows[0].GetProperty("variant").GetString());
        Assert.Equal("hello", rows[1].GetProperty("variant").GetString());
        foreach (var row in rows.EnumerateArray())
        {
            Assert.True(row.GetProperty("requests").GetInt64() > 0);
            Assert.True(row.GetProperty("peakThreads").GetDouble() >= 1);
            Assert.Equal(JsonValueKind.String, row.GetProperty("verdict").ValueKind);
        }
    }

    [Fact]
    public async Task Compare_rejects_a_bad_variant_with_one_line()
    {
        var result = await ToolRun.RunAsync("compare", "name=ftp://x");
        Assert.Equal(2, result.ExitCode);
        Assert.Single(result.StdErr.Trim().Split('\n'));
    }

    /// <summary>The real report in a real browser: its drawn charts, the culprit row, the table, no console error.</summary>
    private static async Task AssertReportRendersAsync(string path)
    {
        await using var browser = await HeadlessChromium.StartOrSkipAsync();
        await browser.NavigateAsync(path);
        // The pool's four charts always draw; the queue delay's only when the delay was measured (a pool completing
        // at most 5,000 items/s, docs/detection.md); the demo drives its load, so the load's two charts (requests/s, p99)
        // draw too. Their dashed second lines (errors, p50) are left out of the count.
        Assert.InRange((await browser.EvaluateAsync("Array.from(document.querySelectorAll('svg.chart polyline.series:not(.secondary)')).filter(p => p.getTotalLength() > 50).length"))!.GetValue<int>(), 6, 7);
        Assert.EndsWith("TaskWait", (await browser.EvaluateAsync("document.querySelector('#culprit-table td.method code').textContent"))!.GetValue<string>());
        Assert.Equal(2, (await browser.EvaluateAsync("document.querySelectorAll('#compare tbody tr').length"))!.GetValue<int>());
        Assert.Empty(browser.Errors);
    }

    /// <summary>The demo's labs are its children: once it exits, none of the pids it printed may still run.</summary>
    private static async Task AssertNoLabLeftAsync(string stdout)
    {
        await Task.Delay(500);
        foreach (Match match in Regex.Matches(stdout, @"lab pid (\d+)"))
        {
            Assert.False(Directory.Exists($"/proc/{match.Groups[1].Value}"), $"lab pid {match.Groups[1].Value} still runs");
        }
    }
}
