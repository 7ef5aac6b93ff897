using PoolDoctor.Fix.Reports;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The lab's own reports (diagnose of taskwait in both hosts under load, recorded by scripts/fix-fixtures/record.sh)
/// gives a fix that compiles. The lab's files change with the lab, so these fixtures
/// carry no source checksum (they were recorded with one; it is dropped) and the test asserts what the fix must
/// contain rather than a whole snapshot.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class LabFixTests
{
    [Theory]
    [InlineData("lab-mvc-taskwait.json", "+    public async Task<string> TaskWait()", "await PretendQuery.CustomerAsync()")]
    [InlineData("lab-minimal-taskwait.json", "+    public static async Task<string> TaskWait()", "await PretendQuery.CustomerAsync()")]
    public async Task The_fix_of_a_lab_report_compiles(string report, string signature, string awaited)
    {
        await TestApps.EnsureRestoredAsync();

        var plan = await SourceFixer.PlanAsync(TestApps.Fixture(report), new FixOptions { ProjectPath = TestApps.Lab });

        Assert.Null(plan.Refusal);
        Assert.Contains(signature, plan.Diff, StringComparison.Ordinal);
        Assert.Contains(awaited, plan.Diff, StringComparison.Ordinal);
        Assert.DoesNotContain(".Result", string.Join('\n', plan.Diff.Split('\n').Where(l => l.StartsWith('+'))), StringComparison.Ordinal);
    }

    [Fact]
    public void The_lab_fixtures_are_real_reports_of_a_starving_lab()
    {
        foreach (var report in new[] { "lab-mvc-taskwait.json", "lab-minimal-taskwait.json" })
        {
            var text = File.ReadAllText(TestApps.Fixture(report));
            Assert.Contains("\"verdict\": \"Starving\"", text, StringComparison.Ordinal);
            var culprit = ReportReader.Read(TestApps.Fixture(report))[0];
            Assert.Equal(BlockingKind.SyncOverAsync, culprit.Kind);
            Assert.NotNull(culprit.Site.Line);
        }
    }
}
