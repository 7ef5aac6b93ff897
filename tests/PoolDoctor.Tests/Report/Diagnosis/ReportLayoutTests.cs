using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

/// <summary>What the markup can tell about the layout; a real browser measures the widths (docs/report.md, screenshots).</summary>
public sealed class ReportLayoutTests
{
    [Fact]
    public void Grouped_stacks_under_half_a_percent_are_left_out_of_the_html_and_counted()
    {
        var fixture = DoctorFixtures.Load("taskwait.json") with
        {
            Groups =
            [
                new StackGroup(TestFrames.Named(["Monitor.Wait", "App.A"]), 9, 0.994, true, [1]),
                new StackGroup(TestFrames.Named(["Thread.Sleep", "App.B"]), 1, 0.004, true, [2]),
                new StackGroup(TestFrames.Named(["Socket.Receive", "App.C"]), 1, 0.002, true, [3]),
            ],
        };
        var html = ReportHtmlWriter.Write(DoctorFixtures.Report(fixture));
        var section = Regex.Match(html, "<section id=\"stacks\">.*?</section>", RegexOptions.Singleline).Value;
        Assert.Equal(1, Regex.Count(section, "<details class=\"group\">"));
        Assert.DoesNotContain("(0% of samples)", section);
        Assert.Contains("2 groups under 0.5 % of the samples are left out here", section);
    }

    [Fact]
    public void The_culprit_table_has_fixed_column_widths_and_the_snippets_may_shrink()
    {
        var html = ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")));
        Assert.Equal(8, Regex.Count(Regex.Match(html, "<colgroup>.*?</colgroup>").Value, "<col "));
        Assert.Contains("table.culprits { table-layout: fixed; }", html);
        // 1fr has a min-content minimum: a long line would widen the card; minmax(0, 1fr) lets the pre scroll instead.
        Assert.Contains("grid-template-columns: minmax(0, 1fr) minmax(0, 1fr)", html);
    }
}
