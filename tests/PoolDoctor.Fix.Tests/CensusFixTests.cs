using PoolDoctor.Report.Census;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// `fix census.json --finding N` through the engine's file API: the census the tool recorded of CensusShop's tests
/// (tests/PoolDoctor.Tests/fixtures/census/censusshop.census.json) names `.Result` in PriceLookup.Current; fixing that
/// finding in a copy of CensusShop awaits it up to the minimal-API handler, and the patched copy compiles (the plan's
/// own compile check).
/// </summary>
[Collection(FixCollection.Name)]
public sealed class CensusFixTests
{
    private static string Census => Path.Combine(TestApps.Repo(), "tests", "PoolDoctor.Tests", "fixtures", "census", "censusshop.census.json");

    [Fact]
    public async Task A_census_finding_is_rewritten_as_a_culprit_and_compiles()
    {
        var findings = CensusJsonReader.Read(Census).Findings;
        var number = findings.ToList().FindIndex(f => f.Method == "PriceLookup.Current") + 1;
        Assert.True(number > 0, "the recorded census names PriceLookup.Current");
        var copy = await TestApps.CopyAsync(Path.Combine(TestApps.Repo(), "tests", "apps", "CensusShop", "CensusShop.csproj"));
        try
        {
            var plan = await SourceFixer.PlanAsync(Census, new FixOptions { Finding = number, ProjectPath = copy });

            Assert.True(plan.Refusal is null, plan.Refusal);
            Assert.Contains("+        var price = await FetchFromUpstreamAsync(sku);", plan.Diff, StringComparison.Ordinal);
            Assert.Contains("+    public async Task<decimal> Current(string sku)", plan.Diff, StringComparison.Ordinal);
            Assert.Contains("+app.MapGet(\"/prices/{sku}/now\", async (string sku, PriceLookup prices) => await prices.Current(sku));", plan.Diff, StringComparison.Ordinal);
            Assert.Contains(plan.Notes, n => n.StartsWith("a census carries no source checksum", StringComparison.Ordinal));
            Assert.Equal(["Prices/PriceLookup.cs", "Program.cs"], plan.ChangedFiles.Select(f => Path.GetRelativePath(plan.Root!, f.Path).Replace('\\', '/')));
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(copy)!, recursive: true);
        }
    }
}
