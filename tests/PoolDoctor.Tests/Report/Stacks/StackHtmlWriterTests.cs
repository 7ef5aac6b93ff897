using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Runs.Stacks;

namespace PoolDoctor.Tests.Report.Stacks;

public sealed class StackHtmlWriterTests
{
    private static StackReport Report(string userMethod)
    {
        IReadOnlyList<StackFrame> frames =
        [
            new("System.Private.CoreLib", "System.Threading.Thread.Sleep"),
            new("PoolDoctor.Lab", userMethod),
            new("System.Private.CoreLib", "System.Threading.ThreadPoolWorkQueue.Dispatch"),
            new("System.Private.CoreLib", "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart"),
        ];
        var snapshot = new StackSnapshot(42, 1.0, [new ThreadStack(7, frames, 900), new ThreadStack(8, frames, 100)], []);
        return StackReportBuilder.Build("process 42", snapshot, new StackDisplay(All: false, Raw: false, UserCodePrefixes: [], StackFormat.Html));
    }

    [Fact]
    public void The_page_has_the_flame_graph_weighted_by_samples_with_the_culprit_marked_and_only_its_own_script()
    {
        var html = StackHtmlWriter.Write(Report("PoolDoctor.Lab.DiagScenarioController.Sleep"));
        Assert.Contains("default-src 'none'", html);
        Assert.Equal(1, Regex.Count(html, "<script", RegexOptions.IgnoreCase));
        Assert.Contains("<script>" + FlameScript.Source + "</script>", html);
        var svg = Regex.Match(html, "<svg id=\"flame-graph\".*?</svg>", RegexOptions.Singleline).Value;
        Assert.Contains("<g class=\"frame culprit\" data-name=\"DiagScenarioController.Sleep\"", svg);
        Assert.Contains("<title>DiagScenarioController.Sleep (culprit)\n1000 samples, 100%", svg);
        Assert.Contains("<g class=\"frame lib\" data-name=\"Thread.Sleep\"", svg);
        Assert.Contains("share of the samples.", html);
        Assert.Contains("<td class=\"kind\">Sleep</td>", html);
    }

    [Fact]
    public void Hostile_names_are_escaped()
    {
        var html = StackHtmlWriter.Write(Report("PoolDoctor.Lab.C.<script>alert(1)</script>"));
        Assert.Equal(1, Regex.Count(html, "<script", RegexOptions.IgnoreCase)); // the page's own, allowed by its hash
        Assert.DoesNotContain("<script>alert", html, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("&lt;script&gt;", html);
    }
}
