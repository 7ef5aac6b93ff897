using System.Text.RegularExpressions;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

/// <summary>
/// Issue 34 item 6: findings under 1 % of pool-thread time (a lock inside reflection, a Redis heartbeat: printed as
/// "0 %" culprits) fold into one "other" row in each renderer a reader sees, and stay whole in report.json. The README's
/// recorded report with two such findings beside its culprit and one real second culprit at 3 %.
/// </summary>
public sealed class CulpritFoldTests
{
    private const string Reflection = "DynamicMethod.GetMethodDescriptor";
    private const string Heartbeat = "ConnectionMultiplexer.OnHeartbeat";

    private static DiagnosisReport WithNoise()
    {
        var report = RecordedReport.Load(RecordedReport.ReadmeScenario);
        return report with
        {
            Culprits =
            [
                report.Culprits[0] with { Share = 0.95 },
                new Culprit(Reflection, BlockingKind.Lock, "Monitor.Enter", 1, 0.004, CulpritFrame.Named(["Monitor.Enter"])),
                new Culprit(Heartbeat, BlockingKind.Lock, "Monitor.Enter", 1, 0.0002, CulpritFrame.Named(["Monitor.Enter"])),
                new Culprit("Orders.Save", BlockingKind.SyncIO, "Socket.Receive", 2, 0.03, CulpritFrame.Named(["Socket.Receive"])),
            ],
        };
    }

    [Fact]
    public void Report_html_shows_one_other_row_with_the_folded_share_and_keeps_the_ranks()
    {
        var table = CulpritTableOf(ReportHtmlWriter.Write(WithNoise()));

        Assert.DoesNotContain(Reflection, table);
        Assert.DoesNotContain(Heartbeat, table);
        Assert.Contains("<code>Orders.Save</code>", table);
        Assert.Contains("<tr><td>4</td>", table); // Orders.Save keeps its rank in report.json's order
        var other = Assert.Single(Regex.Matches(table, "<tr class=\"other\">.*?</tr>")).Value;
        Assert.Contains("other: 2 findings (each under 1 % of pool-thread time; report.json lists them)", other);
        Assert.Contains("<td class=\"num share\">0.4 %</td>", other);
        // Nothing under 1 %, no row: the recorded report as it was.
        Assert.DoesNotContain("<tr class=\"other\">", ReportHtmlWriter.Write(RecordedReport.Load(RecordedReport.ReadmeScenario)));
    }

    [Fact]
    public void The_terminal_table_shows_one_other_row_with_its_share_in_the_share_column()
    {
        var text = Terminal(WithNoise(), width: 200);

        Assert.Contains(" Culprits ", text); // the table form, not the blocks
        Assert.DoesNotContain(Reflection, text);
        Assert.DoesNotContain(Heartbeat, text);
        Assert.Contains("Orders.Save", text);
        var row = Assert.Single(text.Split('\n'), l => l.Contains("other: ", StringComparison.Ordinal));
        Assert.Matches(@"other: 2 findings\s.*\s0\.4 %\s*$", row.TrimEnd());
        Assert.Single(Regex.Matches(row, "0\\.4 %")); // the share once, in its column
    }

    [Fact]
    public void The_terminal_blocks_at_80_columns_end_with_one_other_line()
    {
        var text = Terminal(WithNoise(), width: 80);

        Assert.DoesNotContain(Reflection, text);
        Assert.DoesNotContain(Heartbeat, text);
        Assert.Contains("4. Orders.Save", text);
        var row = Assert.Single(text.Split('\n'), l => l.Contains("other: ", StringComparison.Ordinal));
        Assert.Equal("other: 2 findings, 0.4 %", row.Trim()); // the share said once
    }

    [Fact]
    public void Report_json_keeps_every_finding()
    {
        var json = ReportJsonWriter.Write(WithNoise());

        Assert.Contains(Reflection, json);
        Assert.Contains(Heartbeat, json);
        Assert.DoesNotContain("other: ", json);
    }

    [Fact]
    public void A_recorded_attached_run_folds_its_two_start_up_locks_in_the_terminal_and_the_page()
    {
        // `diagnose -p` on the lab under 125 connections: beside TaskWait (74 %), a LazyInitializer lock (0.24 %) and a
        // ConcurrentDictionary add (0.1 %) from the lab's start-up, which printed as "0%" culprits.
        var fixture = DoctorFixtures.Load("taskwait-attached-125-report.json");
        Assert.Equal(2, fixture.Culprits.Count(c => c.Share < CulpritRows.FoldBelow));
        var report = DoctorFixtures.Report(fixture);

        var text = Terminal(report, width: 200);
        Assert.Contains("TaskWait", text);
        Assert.DoesNotContain("LazyInitializer", text);
        Assert.DoesNotMatch(@"\s0%", text); // no row of "0%"
        Assert.Contains("other: 2 findings", text);
        var table = CulpritTableOf(ReportHtmlWriter.Write(report));
        Assert.DoesNotContain("EnsureInitializedCore", table);
        Assert.Contains("other: 2 findings (each under 1 %", table);
        Assert.Contains("LazyInitializer.EnsureInitializedCore", ReportJsonWriter.Write(report));
    }

    [Theory]
    [InlineData(1, 0.0002, "other: 1 finding, under 0.1 %")] // never "0 %"
    [InlineData(3, 0.0042, "other: 3 findings, 0.4 %")]
    public void The_folded_share_is_never_printed_as_zero(int folded, double share, string expected) =>
        Assert.Equal(expected, CulpritRows.OtherText(folded, share));

    [Fact]
    public void The_first_culprit_is_shown_even_under_one_percent()
    {
        var (shown, folded, _) = CulpritRows.Of([new Culprit("A.B", BlockingKind.Lock, "Monitor.Enter", 1, 0.005, []), new Culprit("C.D", BlockingKind.Lock, "Monitor.Enter", 1, 0.002, [])]);

        Assert.Equal("A.B", Assert.Single(shown).Culprit.Method);
        Assert.Equal(1, folded);
    }

    /// <summary>The page's culprit table alone: the flame graph draws every sampled frame, folded findings' included.</summary>
    private static string CulpritTableOf(string html)
    {
        var start = html.IndexOf("id=\"culprit-table\"", StringComparison.Ordinal);
        return html[start..html.IndexOf("</table>", start, StringComparison.Ordinal)];
    }

    private static string Terminal(DiagnosisReport report, int width)
    {
        using var writer = new StringWriter();
        ReportTerminalWriter.Write(PlainConsole.Create(writer, width), report);
        return writer.ToString();
    }
}
