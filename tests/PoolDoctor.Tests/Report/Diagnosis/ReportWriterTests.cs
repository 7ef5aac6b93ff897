using System.Text.Json;
using System.Text.RegularExpressions;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Compare;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

public sealed class ReportWriterTests
{
    internal const string Hostile = "<script>alert(1)</script>\"quoted\" & 'single' <img src=x onerror=alert(2)>";

    [Fact]
    public void Json_has_the_flat_verdict_and_the_culprit_keys_of_the_stacks_output()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(report));
        var root = doc.RootElement;
        Assert.Equal("BlockingCompensated", root.GetProperty("verdict").GetString());
        Assert.False(root.GetProperty("partial").GetBoolean());
        Assert.Equal(JsonValueKind.Null, root.GetProperty("reason").ValueKind);
        Assert.Equal(20, root.GetProperty("samples").GetArrayLength());
        var culprit = root.GetProperty("culprits")[0];
        foreach (var key in new[] { "method", "kind", "api", "threads", "share", "exampleStack" })
        {
            Assert.True(culprit.TryGetProperty(key, out _), key);
        }
        Assert.Equal("SyncOverAsync", culprit.GetProperty("kind").GetString());
        // Sized from the server's in-flight work (114 queued + 4 threads at 2 s: B = 118), not the 103 threads seen blocked.
        Assert.Equal(150, root.GetProperty("advice").GetProperty("minThreads").GetProperty("value").GetInt32());
        Assert.Equal("CooperativeBlocking", root.GetProperty("injections")[root.GetProperty("injections").GetArrayLength() - 1].GetProperty("reason").GetString());
    }

    [Fact]
    public void Json_of_a_partial_report_says_so_and_why()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"), partial: true, reason: "the target exited");
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(report));
        Assert.True(doc.RootElement.GetProperty("partial").GetBoolean());
        Assert.Equal("the target exited", doc.RootElement.GetProperty("reason").GetString());
    }

    [Fact]
    public void Html_draws_four_charts_with_series_injections_and_the_verdict_moment()
    {
        var html = ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")));
        foreach (var id in new[] { "chart-threads", "chart-queue", "chart-completed", "chart-cpu" })
        {
            var svg = Regex.Match(html, $"<svg id=\"{id}\".*?</svg>", RegexOptions.Singleline).Value;
            Assert.Contains("<polyline class=\"series\"", svg);
            Assert.Equal(20, Regex.Match(svg, "points=\"([^\"]*)\"").Groups[1].Value.Trim().Split(' ').Length);
            Assert.Contains("verdict-moment", svg);
        }
        var threads = Regex.Match(html, "<svg id=\"chart-threads\".*?</svg>", RegexOptions.Singleline).Value;
        Assert.Equal(26, Regex.Count(threads, "<circle class=\"injection"));
        Assert.Contains("culprit-table", html);
        Assert.Contains("<details", html);
        Assert.Contains("MinThreads = 150", html);
        Assert.Equal(1, Regex.Count(html, "<script", RegexOptions.IgnoreCase)); // the flame graph's own, allowed by its hash
    }

    [Fact]
    public void Html_escapes_every_name_from_the_target_in_text_and_attributes()
    {
        var fixture = DoctorFixtures.Load("taskwait.json");
        var hostileCulprit = new Culprit(Hostile, BlockingKind.SyncOverAsync, Hostile, 5, 0.9, CulpritFrame.Named([Hostile, "A&B.C"]));
        fixture = fixture with
        {
            Culprits = [hostileCulprit],
            Groups = [new StackGroup(TestFrames.Named([Hostile, "x\"y"]), 5, 0.9, true, [1])],
        };
        var report = DoctorFixtures.Report(fixture, targetName: Hostile, commandLine: Hostile) with
        {
            Compare = [new CompareRow(Hostile, "http://127.0.0.1:1/" + Hostile, 1, 1, 1, 1, 1, 0, null, null, VerdictKind.Healthy)],
        };
        var html = ReportHtmlWriter.Write(report);
        Assert.Equal(1, Regex.Count(html, "<script", RegexOptions.IgnoreCase)); // the flame graph's own, allowed by its hash
        Assert.Contains("<script>" + FlameScript.Source + "</script>", html);
        Assert.DoesNotContain("<script>alert", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("<img", html, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("\"quoted\"", html);
        Assert.Contains("&lt;script&gt;alert(1)&lt;/script&gt;", html);
        Assert.Contains("&amp; &#39;single&#39;", html);
        Assert.Contains("A&amp;B.C", html);
    }

    [Fact]
    public void Html_of_a_healthy_run_says_there_is_no_culprit_and_gives_no_advice()
    {
        var html = ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskasyncwait.json")));
        Assert.Contains("Verdict: <span class=\"kind\">Healthy</span>", html);
        Assert.DoesNotContain("culprit-table", html);
        Assert.DoesNotContain("id=\"advice\"", html);
        Assert.Contains("<polyline class=\"series\"", html);
    }

    [Fact]
    public void Terminal_summary_names_verdict_culprit_fix_and_stop_gap()
    {
        using var writer = new StringWriter();
        var console = PlainConsole.Create(writer, 160);
        ReportTerminalWriter.Write(console, DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")));
        var text = writer.ToString();
        Assert.Contains("Verdict: BlockingCompensated", text);
        Assert.Contains("DiagScenarioController.TaskWait", text);
        Assert.Contains("SyncOverAsync", text);
        Assert.Contains("var customer = await QueryCustomerAsync();", text);
        Assert.Contains("MinThreads = 150", text);
        Assert.Contains("DOTNET_ThreadPool_ForceMinWorkerThreads=96", text);
    }

    [Fact]
    public void Compare_table_aligns_the_columns_and_json_lists_the_variants()
    {
        CompareRow[] rows =
        [
            new("taskwait", "http://127.0.0.1:5000/api/diagscenario/taskwait", 41.2, 2840.4, 5012, 5630, 480, 0, 123, 96, VerdictKind.BlockingCompensated),
            new("taskasyncwait", "http://127.0.0.1:5000/api/diagscenario/taskasyncwait", 245.9, 505.2, 530, 560, 2500, 0, 4, 0, VerdictKind.Healthy),
            new("tasksleepwait", "http://127.0.0.1:5000/api/diagscenario/tasksleepwait", 0, 0, 0, 0, 0, 0, 40, 120, VerdictKind.Starving),
        ];
        var lines = CompareTableWriter.Text(rows).TrimEnd().Split('\n');
        Assert.Equal(5, lines.Length);
        Assert.StartsWith("variant", lines[0]);
        Assert.Matches(@"^taskwait\s+480\s+41\.2\s+2840\s+5012\s+5630\s+0\s+123\s+96\s+BlockingCompensated$", lines[2]);
        Assert.Matches(@"^taskasyncwait\s+2500\s+245\.9\s+505\s+530\s+560\s+0\s+4\s+0\s+Healthy$", lines[3]);
        Assert.Matches(@"^tasksleepwait\s+0\s+0\.0\s+-\s+-\s+-\s+0\s+40\s+120\s+Starving$", lines[4]);
        Assert.Equal(lines[0].IndexOf("req/s", StringComparison.Ordinal) + 5, lines[2].IndexOf("41.2", StringComparison.Ordinal) + 4);

        using var doc = JsonDocument.Parse(CompareTableWriter.Json(rows));
        var first = doc.RootElement.GetProperty("variants")[0];
        Assert.Equal("taskwait", first.GetProperty("variant").GetString());
        Assert.Equal(41.2, first.GetProperty("requestsPerSecond").GetDouble());
        Assert.Equal("BlockingCompensated", first.GetProperty("verdict").GetString());
    }
}
