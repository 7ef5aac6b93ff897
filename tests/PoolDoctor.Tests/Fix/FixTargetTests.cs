using System.Text.Json.Nodes;
using PoolDoctor.Fix;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Tests.Report.Census;

namespace PoolDoctor.Tests.Fix;

/// <summary>
/// What `fix` is given, told by the file's content: a census.json's finding N (the recorded census of CensusShop's tests)
/// becomes the culprit the rewriter reads, and each wrong pick is one line saying what the file holds.
/// </summary>
public sealed class FixTargetTests : IDisposable
{
    private static readonly string Report = Path.Combine(AppContext.BaseDirectory, "fixtures", "doctor", "taskwait-recorded-report.json");
    private readonly List<string> _temps = [];

    [Fact]
    public void A_census_finding_becomes_the_culprit_at_its_call_site()
    {
        var census = PoolDoctor.Report.Census.CensusJsonReader.Read(CensusJsonReaderTests.Recorded);
        for (var n = 1; n <= census.Findings.Count; n++)
        {
            var finding = census.Findings[n - 1];

            var culprit = FixTarget.Pick(CensusJsonReaderTests.Recorded, new FixOptions { Finding = n });

            Assert.Equal(finding.Method, culprit.Method);
            Assert.Equal(finding.Kind, culprit.Kind);
            Assert.Equal(finding.Api, culprit.Api);
            Assert.Equal(finding.Entry, culprit.Entry);
            Assert.Equal(finding.Site.File, culprit.Site.File);
            Assert.Equal(finding.Site.Line, culprit.Site.Line);
            Assert.Null(culprit.Package);
        }
    }

    [Fact]
    public void A_census_is_told_by_its_content_not_its_name()
    {
        var renamed = Copy(File.ReadAllText(CensusJsonReaderTests.Recorded), "report.json");

        var culprit = FixTarget.Pick(renamed, new FixOptions());

        Assert.Equal(PoolDoctor.Report.Census.CensusJsonReader.Read(CensusJsonReaderTests.Recorded).Findings[0].Method, culprit.Method);
        Assert.True(FixTarget.IsCensus(renamed));
        Assert.False(FixTarget.IsCensus(Report));
    }

    [Fact]
    public void A_finding_out_of_range_says_how_many_there_are()
    {
        var count = PoolDoctor.Report.Census.CensusJsonReader.Read(CensusJsonReaderTests.Recorded).Findings.Count;

        var error = Refused(CensusJsonReaderTests.Recorded, new FixOptions { Finding = count + 1 });

        Assert.Contains($"--finding {count + 1}", error);
        Assert.Contains($"'{CensusJsonReaderTests.Recorded}' has {count} finding(s), numbered from 1", error);
    }

    [Fact]
    public void A_census_without_findings_has_nothing_to_fix()
    {
        var empty = Copy("{\"schemaVersion\": 1, \"kind\": \"census\", \"findings\": [], \"processes\": [], \"notes\": []}", "census.json");

        Assert.Contains("is a census with no findings: nothing to fix", Refused(empty, new FixOptions()));
    }

    [Fact]
    public void Finding_on_a_report_and_culprit_on_a_census_are_refused()
    {
        Assert.Contains("is a report, not a census: pick its culprit with --culprit N", Refused(Report, new FixOptions { Finding = 1 }));
        Assert.Contains("is a census, whose findings are picked with --finding N", Refused(CensusJsonReaderTests.Recorded, new FixOptions { Culprit = 1 }));
        // A report without --finding reads as before.
        Assert.NotNull(FixTarget.Pick(Report, new FixOptions()));
    }

    [Fact]
    public void A_finding_inside_a_package_is_refused_with_the_packages_advice()
    {
        var census = JsonNode.Parse(File.ReadAllText(CensusJsonReaderTests.Recorded))!;
        var finding = census["findings"]![0]!.AsObject();
        finding["package"] = new JsonObject { ["name"] = "ShopKit.QuotaLimiter", ["version"] = "1.0.0" };
        finding["packageMethod"] = "QuotaWindow.Take";
        finding["userFrame"] = "QuotaEndpoints.Order";
        finding.Remove("file");
        finding.Remove("line");
        var path = Copy(census.ToJsonString(), "census.json");

        var error = Refused(path, new FixOptions { Finding = 1 });

        Assert.Contains("finding 1: QuotaWindow.Take blocks inside the package ShopKit.QuotaLimiter 1.0.0, reached from QuotaEndpoints.Order", error);
        Assert.Contains("upgrade ShopKit.QuotaLimiter to a version that does not block, or report it upstream", error);
    }

    private static string Refused(string path, FixOptions options)
    {
        var error = Assert.Throws<FixRefusedException>(() => FixTarget.Pick(path, options)).Message;
        Assert.DoesNotContain('\n', error);
        return error;
    }

    private string Copy(string text, string name)
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-fixtarget-").FullName;
        _temps.Add(folder);
        var path = Path.Combine(folder, name);
        File.WriteAllText(path, text);
        return path;
    }

    public void Dispose()
    {
        foreach (var folder in _temps)
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
