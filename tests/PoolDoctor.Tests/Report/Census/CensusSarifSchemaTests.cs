using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Nodes;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Census;

namespace PoolDoctor.Tests.Report.Census;

/// <summary>
/// The census's SARIF against the OASIS SARIF 2.1.0 schema (fixtures/sarif, see its README), validated by NJsonSchema, a
/// validator that is not ours; and its locations: the recorded census of CensusShop's tests
/// (fixtures/census/censusshop.census.json) opens each result at a repository-relative file under %SRCROOT% whose line
/// holds the blocking call.
/// </summary>
public sealed class CensusSarifSchemaTests
{
    private static readonly Lazy<NJsonSchema.JsonSchema> Schema = new(() =>
        NJsonSchema.JsonSchema.FromFileAsync(Path.Combine(AppContext.BaseDirectory, "fixtures", "sarif", "sarif-schema-2.1.0.json")).GetAwaiter().GetResult());

    private static readonly CensusFinding Unlocated = new("0011223344556677", "Shop.Ledger.Take", BlockingKind.Lock, "Monitor.Enter") { Count = 1, TotalBlockedMs = 3, MaxBlockedMs = 3 };

    private static readonly CensusFinding Absolute = new("8899aabbccddeeff", "Shop.Ledger.Wait", BlockingKind.SyncWait, "ManualResetEventSlim.Wait")
    {
        Site = new PoolDoctor.Model.Stacks.CallSite { File = "/home/dev/shop/Ledger File.cs", Line = 7 },
        Count = 1,
    };

    public static TheoryData<string> Censuses() => ["recorded", "unlocated and absolute", "empty"];

    [Theory]
    [MemberData(nameof(Censuses))]
    public void Sarif_validates_against_the_oasis_schema(string which)
    {
        var census = which switch
        {
            "recorded" => CensusJsonReader.Read(CensusJsonReaderTests.Recorded),
            "unlocated and absolute" => new CensusResult([Unlocated, Absolute], []),
            _ => new CensusResult([], []),
        };

        var errors = Schema.Value.Validate(Sarif(census));

        Assert.True(errors.Count == 0, string.Join("\n", errors.Select(e => $"{e.Path}: {e.Kind}")));
    }

    [Theory]
    [InlineData("level not a level")]
    [InlineData("startLine 0")]
    [InlineData("unknown key in a result")]
    [InlineData("no version")]
    public void A_broken_sarif_fails_the_schema(string breakage)
    {
        var node = JsonNode.Parse(Sarif(CensusJsonReader.Read(CensusJsonReaderTests.Recorded)))!;
        var result = node["runs"]![0]!["results"]![0]!.AsObject();
        switch (breakage)
        {
            case "level not a level": result["level"] = "loud"; break;
            case "startLine 0": result["locations"]![0]!["physicalLocation"]!["region"]!["startLine"] = 0; break;
            case "unknown key in a result": result["surprise"] = 1; break;
            default: node.AsObject().Remove("version"); break;
        }

        Assert.NotEmpty(Schema.Value.Validate(node.ToJsonString()));
    }

    [Fact]
    public void Each_recorded_finding_opens_at_its_repository_file_and_the_line_of_its_blocking_call()
    {
        var census = CensusJsonReader.Read(CensusJsonReaderTests.Recorded);
        using var sarif = JsonDocument.Parse(Sarif(census));
        var results = sarif.RootElement.GetProperty("runs")[0].GetProperty("results").EnumerateArray().ToList();

        Assert.Equal(census.Findings.Count, results.Count);
        foreach (var (finding, result) in census.Findings.Zip(results))
        {
            var location = result.GetProperty("locations")[0].GetProperty("physicalLocation");
            var uri = location.GetProperty("artifactLocation").GetProperty("uri").GetString()!;
            Assert.Equal("%SRCROOT%", location.GetProperty("artifactLocation").GetProperty("uriBaseId").GetString());
            Assert.False(Path.IsPathRooted(uri), uri);
            var line = location.GetProperty("region").GetProperty("startLine").GetInt32();
            // The file as the repository holds it, read at that line: the blocking call the finding names.
            var text = File.ReadAllLines(Path.Combine(Repo(), uri))[line - 1];
            Assert.Contains(finding.Api switch
            {
                "Monitor.Enter" => "lock (",
                "SemaphoreSlim.Wait" => ".Wait()",
                _ => ".Result",
            }, text, StringComparison.Ordinal);
            Assert.Equal(finding.Id, result.GetProperty("partialFingerprints").GetProperty("poolDoctorFinding/v1").GetString());
        }
    }

    [Fact]
    public void A_file_outside_any_repository_is_an_absolute_file_uri()
    {
        using var sarif = JsonDocument.Parse(Sarif(new CensusResult([Absolute], [])));
        var artifact = sarif.RootElement.GetProperty("runs")[0].GetProperty("results")[0].GetProperty("locations")[0]
            .GetProperty("physicalLocation").GetProperty("artifactLocation");

        Assert.Equal("file:///home/dev/shop/Ledger%20File.cs", artifact.GetProperty("uri").GetString());
        Assert.False(artifact.TryGetProperty("uriBaseId", out _));
    }

    private static string Sarif(CensusResult census)
    {
        using var stream = new MemoryStream();
        CensusSarif.Write(stream, census, "1.0.0");
        return System.Text.Encoding.UTF8.GetString(stream.ToArray());
    }

    private static string Repo([CallerFilePath] string self = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", "..", ".."));
}
