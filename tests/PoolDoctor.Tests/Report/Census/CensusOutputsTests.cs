using System.Text.Json;
using System.Xml.Linq;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Census;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Report.Census;

public sealed class CensusOutputsTests
{
    private static readonly CensusFinding Located = new("a1b2c3d4e5f60718", "CensusShop.Prices.PriceLookup.Current", BlockingKind.SyncOverAsync, "Task.Result")
    {
        Entry = EntryText.Parse("GET /prices/{sku}/now"),
        Site = new CallSite { File = "/home/dev/shop/src/Prices/PriceLookup.cs", RepositoryFile = "src/Prices/PriceLookup.cs", Line = 8 },
        Processes = ["testhost"],
        Count = 2,
        TotalBlockedMs = 61.25,
        MaxBlockedMs = 31.5,
        FirstSeenSeconds = 4.2,
        ExampleStack = ["CensusShop!CensusShop.Prices.PriceLookup.Current (PriceLookup.cs:8)"],
    };

    private static readonly CensusFinding Unlocated = new("0011223344556677", "Shop.Ledger, with: commas", BlockingKind.Lock, "Monitor.Enter")
    {
        Count = 1,
        TotalBlockedMs = 3,
        MaxBlockedMs = 3,
    };

    private static readonly CensusResult Census = new([Located, Unlocated], [new CensusProcess(42, "testhost", 10, 3)]) { Notes = ["a note"] };

    [Fact]
    public void Sarif_places_each_located_finding_at_its_repository_file_and_line()
    {
        using var stream = new MemoryStream();
        CensusSarif.Write(stream, Census, "1.0.0");
        using var sarif = JsonDocument.Parse(stream.ToArray());

        Assert.Equal("2.1.0", sarif.RootElement.GetProperty("version").GetString());
        var results = sarif.RootElement.GetProperty("runs")[0].GetProperty("results").EnumerateArray().ToList();
        Assert.Equal(2, results.Count);
        var location = results[0].GetProperty("locations")[0].GetProperty("physicalLocation");
        Assert.Equal("src/Prices/PriceLookup.cs", location.GetProperty("artifactLocation").GetProperty("uri").GetString());
        Assert.Equal(8, location.GetProperty("region").GetProperty("startLine").GetInt32());
        Assert.Equal("PD-SyncOverAsync", results[0].GetProperty("ruleId").GetString());
        Assert.Equal(Located.Id, results[0].GetProperty("partialFingerprints").GetProperty("poolDoctorFinding/v1").GetString());
        // A finding without a source line still shows, without a location.
        Assert.False(results[1].TryGetProperty("locations", out _));
        var rules = sarif.RootElement.GetProperty("runs")[0].GetProperty("tool").GetProperty("driver").GetProperty("rules").EnumerateArray();
        Assert.Equal(["PD-SyncOverAsync", "PD-Lock"], rules.Select(r => r.GetProperty("id").GetString()));
    }

    [Fact]
    public void The_json_reads_back_as_a_baseline_of_ids_and_blocked_times()
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-census-{Guid.NewGuid():N}.json");
        try
        {
            using (var file = File.Create(path))
            {
                CensusJson.Write(file, Census);
            }
            var baseline = CensusBaselineFile.Read(path);

            Assert.Equal(61.2, baseline[Located.Id], 1); // written rounded to 0.1 ms (to even)
            Assert.Equal(3, baseline[Unlocated.Id]);
            Assert.Equal(2, baseline.Count);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory]
    [InlineData("{\"findings\": []}")]
    [InlineData("{\"kind\": \"census\", \"findings\": [{\"method\": \"x\"}]}")]
    [InlineData("not json")]
    [InlineData("[1, 2]")]
    public void A_file_that_is_no_census_is_refused_in_one_line(string text)
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-census-{Guid.NewGuid():N}.json");
        File.WriteAllText(path, text);
        try
        {
            var error = Assert.Throws<FormatException>(() => CensusBaselineFile.Read(path));
            Assert.DoesNotContain('\n', error.Message);
            Assert.Contains(path, error.Message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Annotations_name_file_and_line_and_escape_what_the_runner_reads()
    {
        var text = new StringWriter();
        CensusAnnotations.Write(text, Census);
        var lines = text.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries);

        Assert.Equal(2, lines.Length);
        Assert.StartsWith("::warning file=src/Prices/PriceLookup.cs,line=8,title=pool thread blocked%3A Task.Result::", lines[0]);
        Assert.Contains("GET /prices/{sku}/now", lines[0]);
        // No file: no file property; the method's commas stay in the message, where they are allowed.
        Assert.StartsWith("::warning title=", lines[1]);
        Assert.Contains("Shop.Ledger, with: commas", lines[1]);
    }

    [Fact]
    public void JUnit_has_one_case_per_finding_failed_only_when_failing()
    {
        var xml = XDocument.Parse(CensusJUnit.Write(Census, new HashSet<string> { Unlocated.Id }));
        var suite = xml.Root!.Element("testsuite")!;

        Assert.Equal("2", suite.Attribute("tests")!.Value);
        Assert.Equal("1", suite.Attribute("failures")!.Value);
        var cases = suite.Elements("testcase").ToList();
        Assert.Null(cases[0].Element("failure"));
        Assert.NotNull(cases[1].Element("failure"));
    }
}
