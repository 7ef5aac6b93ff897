using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

/// <summary>
/// Issue 35 on the README's own scenario, recorded: the flame graph draws the culprit the JIT inlined, the advice is one
/// diff, the next command is named, and the page's one script is the one its CSP allows.
/// </summary>
public sealed class ReportGlanceTests
{
    private const string Culprit = "DiagScenarioController.TaskWait";

    [Fact]
    public void The_recovered_culprit_is_drawn_red_inside_the_generated_frame_that_holds_it()
    {
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
        Assert.Equal(CallSiteSource.Il, report.Culprits[0].Site.Source);
        Assert.DoesNotContain(Culprit, report.Groups.SelectMany(g => g.Names)); // no sample holds it
        var html = ReportHtmlWriter.Write(report);
        var svg = Regex.Match(html, "<svg id=\"flame-graph\".*?</svg>", RegexOptions.Singleline).Value;

        var box = Regex.Match(svg, $"<g class=\"frame culprit recovered\" data-name=\"{Regex.Escape(Culprit)}\"[^>]*data-row=\"(\\d+)\" data-i=\"(\\d+)\" data-p=\"(\\d+)\"[^>]*><title>([^<]*)</title><rect x=\"[\\d.]+\" y=\"\\d+\" width=\"([\\d.]+)\"");
        Assert.True(box.Success, "no recovered culprit box");
        Assert.Contains("(culprit; inlined, recovered from IL)", box.Groups[4].Value);
        Assert.Contains("src/PoolDoctor.Lab/Mvc/DiagScenarioController.cs:29", box.Groups[4].Value);
        // Its parent is the generated delegate, its child the blocking API's first frame.
        var parent = Regex.Match(svg, $"<g class=\"[^\"]*\" data-name=\"([^\"]*)\"[^>]*data-i=\"{box.Groups[3].Value}\" ");
        Assert.Equal("dynamicClass.lambda_method89", parent.Groups[1].Value);
        var child = Regex.Match(svg, $"<g class=\"[^\"]*\" data-name=\"([^\"]*)\"[^>]*data-p=\"{box.Groups[2].Value}\" ");
        Assert.Equal("Task&lt;T&gt;.GetResultCore", child.Groups[1].Value);
        // 99 % of the samples went through it (on two paths into the delegate, so two boxes), each below the delegate;
        // the stacks that only pass through the delegate (the async start of PretendQuery) get no recovered frame.
        var boxes = Regex.Matches(svg, "<g class=\"frame culprit recovered\"[^>]*data-w=\"([\\d.]+)\"[^>]*data-p=\"(\\d+)\"");
        Assert.Equal(2, boxes.Count);
        Assert.True(boxes.Sum(b => double.Parse(b.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture)) > 950);
        Assert.All(boxes, b => Assert.Matches($"data-name=\"dynamicClass.lambda_method89\"[^>]*data-i=\"{b.Groups[2].Value}\" ", svg));
        // The user frame the run sampled is there, blue, though too thin to draw unzoomed.
        Assert.Matches("<g class=\"frame user sliver\" data-name=\"PretendQuery.CustomerAsync \\(async\\)\"", svg);
    }

    [Fact]
    public void A_culprit_sampled_on_its_own_stack_gets_no_recovered_frame()
    {
        string[] stack = ["Monitor.Wait", "Task.InternalWait", "App.Handler", "dynamicClass.lambda_method1", "Worker.Start"];
        var onStack = new Culprit("App.Handler", BlockingKind.SyncOverAsync, "Task.Wait", 1, 1, CulpritFrame.Named(stack)) { Chain = CulpritFrame.Named(["App.Handler"]) };
        Assert.Empty(RecoveredFrames.Of([onStack]));
        var fromIl = onStack with { Example = CulpritFrame.Named(stack.Where(f => f != "App.Handler")), Site = new CallSite { Source = CallSiteSource.Il } };
        var recovery = Assert.Single(RecoveredFrames.Of([fromIl]));
        Assert.Equal("dynamicClass.lambda_method1", recovery.Holder);
        Assert.Equal("Task.InternalWait", recovery.Callee);
        // Another API below the same delegate is another call: it gets nothing.
        Assert.Equal(-1, recovery.InsertionIndex(["Thread.Sleep", "dynamicClass.lambda_method1", "Worker.Start"]));
        Assert.Equal(2, recovery.InsertionIndex(fromIl.ExampleStack));
    }

    [Fact]
    public void The_speedscope_file_carries_the_same_recovered_frame_between_the_delegate_and_the_api()
    {
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
        var threads = report.Groups.Where(g => g.IsThreadPool).Select((g, i) => new DisplayThread(i + 1, true, (int)g.Samples,
            [.. g.Frames.Select(f => new DisplayFrame(f.Name, f.IsUser))])).ToList();
        using var output = new MemoryStream();
        SpeedscopeWriter.Write("lab", threads, output, report.Culprits);
        var file = System.Text.Json.Nodes.JsonNode.Parse(output.ToArray())!;
        var names = file["shared"]!["frames"]!.AsArray().Select(f => f!["name"]!.GetValue<string>()).ToList();
        var recovered = names.IndexOf($"{Culprit} [inlined, recovered from IL]");
        Assert.True(recovered >= 0, string.Join(", ", names));
        Assert.Equal(29, file["shared"]!["frames"]![recovered]!["line"]!.GetValue<int>());
        // In the first thread's stack (root to leaf): … lambda_method89, the recovered frame, GetResultCore …
        var first = file["profiles"]![0]!["samples"]![0]!.AsArray().Select(i => names[i!.GetValue<int>()]).ToList();
        var at = first.IndexOf(names[recovered]);
        Assert.Equal("dynamicClass.lambda_method89", first[at - 1]);
        Assert.Equal("Task<T>.GetResultCore", first[at + 1]);
    }

    [Fact]
    public void The_advice_is_one_unified_diff_of_the_users_lines_with_their_numbers()
    {
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
        var fix = report.Advice.Fixes[0];
        var (header, lines) = AdviceDiff.Of(fix.Before, fix.After)!.Value;
        Assert.Equal("@@ -27,4 +27,4 @@", header);
        Assert.Equal(
            [
                "-    public string TaskWait()", "+    public async Task<string> TaskWait()", "     {",
                "-        var customer = PretendQuery.CustomerAsync().Result;", "+        var customer = await PretendQuery.CustomerAsync();",
                "         return $\"success:taskwait {customer}\";",
            ],
            lines.Select(l => l.Mark + l.Text));
        var html = ReportHtmlWriter.Write(report);
        Assert.Contains("<span class=\"add\">+        var customer = await PretendQuery.CustomerAsync();\n</span>", html);
        Assert.DoesNotContain("<div class=\"snippets\">", html); // no two scrolled panes
        Assert.Null(AdviceDiff.Of("a\nb", "a\nb"));
    }

    [Fact]
    public void Report_html_and_the_terminal_name_the_fix_command_for_the_first_culprit()
    {
        const string command = "dotnet-pooldoctor fix r1/report.json --project src/PoolDoctor.Lab/PoolDoctor.Lab.csproj";
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario) with { FixCommand = command };
        Assert.Contains($"<code id=\"fix-command\">{command}</code>", ReportHtmlWriter.Write(report));
        var text = Terminal(report);
        Assert.Contains("Next: " + command, text);
        Assert.Contains("+        var customer = await PretendQuery.CustomerAsync();", text);
        Assert.DoesNotContain("fix-command", ReportHtmlWriter.Write(report with { FixCommand = null }));
    }

    [Fact]
    public void The_page_has_one_script_the_one_its_csp_hash_allows_and_it_never_writes_markup()
    {
        var html = ReportHtmlWriter.Write(RecordedReport.Load(RecordedReport.ReadmeScenario));
        var scripts = Regex.Matches(html, "<script>(.*?)</script>", RegexOptions.Singleline);
        var script = Assert.Single(scripts).Groups[1].Value;
        var hash = Convert.ToBase64String(SHA256.HashData(Encoding.UTF8.GetBytes(script)));
        Assert.Contains($"script-src 'sha256-{hash}'", Regex.Match(html, "Content-Security-Policy\" content=\"([^\"]*)\"").Groups[1].Value);
        Assert.Equal(1, Regex.Count(html, "<script", RegexOptions.IgnoreCase));
        // Names reach the script only as data attributes read as strings; it writes text and numbers, never markup or code.
        foreach (var sink in new[] { "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function(", "setTimeout(", "href", "src" })
        {
            Assert.DoesNotContain(sink, script, StringComparison.Ordinal);
        }
    }

    private static string Terminal(PoolDoctor.Model.Diagnosis.DiagnosisReport report)
    {
        using var writer = new StringWriter();
        ReportTerminalWriter.Write(PlainConsole.Create(writer, 200), report);
        return writer.ToString();
    }
}
