using System.Text.Json;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Census;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Report.Census;

/// <summary>
/// census.json read back into the Model's own records by the one reader: the census the tool wrote of CensusShop's tests
/// (fixtures/census/censusshop.census.json, see its README) reads fact for fact, and writes back the same.
/// </summary>
public sealed class CensusJsonReaderTests
{
    public static string Recorded => Path.Combine(AppContext.BaseDirectory, "fixtures", "census", "censusshop.census.json");

    [Fact]
    public void The_recorded_census_reads_into_the_models_findings_key_for_key()
    {
        using var json = JsonDocument.Parse(File.ReadAllBytes(Recorded));
        var expected = json.RootElement.GetProperty("findings").EnumerateArray().ToList();

        var census = CensusJsonReader.Read(Recorded);

        Assert.NotEmpty(expected);
        Assert.Equal(expected.Count, census.Findings.Count);
        foreach (var (e, f) in expected.Zip(census.Findings))
        {
            Assert.Equal(e.GetProperty("id").GetString(), f.Id);
            Assert.Equal(e.GetProperty("method").GetString(), f.Method);
            Assert.Equal(Enum.Parse<BlockingKind>(e.GetProperty("kind").GetString()!), f.Kind);
            Assert.Equal(e.GetProperty("api").GetString(), f.Api);
            Assert.Equal(e.GetProperty("entry").GetString(), EntryText.Of(f.Entry));
            Assert.Equal(e.GetProperty("file").GetString(), f.Site.File);
            Assert.Equal(e.GetProperty("repositoryFile").GetString(), f.Site.RepositoryFile);
            Assert.Equal(e.GetProperty("line").GetInt32(), f.Site.Line);
            Assert.Equal(e.GetProperty("count").GetInt32(), f.Count);
            Assert.Equal(e.GetProperty("totalBlockedMs").GetDouble(), f.TotalBlockedMs);
            Assert.Equal(e.GetProperty("maxBlockedMs").GetDouble(), f.MaxBlockedMs);
            Assert.Equal(e.GetProperty("firstSeenSeconds").GetDouble(), f.FirstSeenSeconds);
            Assert.Equal(e.GetProperty("processes").EnumerateArray().Select(p => p.GetString()), f.Processes);
            Assert.Equal(e.GetProperty("exampleStack").EnumerateArray().Select(p => p.GetString()), f.ExampleStack);
        }
        Assert.Equal(json.RootElement.GetProperty("processes").GetArrayLength(), census.Processes.Count);
        Assert.Equal(json.RootElement.GetProperty("processes")[0].GetProperty("poolWaits").GetInt32(), census.Processes[0].PoolWaits);
        Assert.Equal(json.RootElement.GetProperty("notes").GetArrayLength(), census.Notes.Count);
    }

    [Fact]
    public void A_census_read_and_written_again_keeps_every_finding()
    {
        var census = CensusJsonReader.Read(Recorded);
        using var stream = new MemoryStream();
        CensusJson.Write(stream, census with { Notes = [] });
        var path = Temp(stream.ToArray());
        try
        {
            var again = CensusJsonReader.Read(path);

            Assert.Equal(census.Findings.Count, again.Findings.Count);
            foreach (var (a, b) in census.Findings.Zip(again.Findings))
            {
                Assert.Equal(a with { Processes = [], ExampleStack = [] }, b with { Processes = [], ExampleStack = [] });
                Assert.Equal(a.Processes, b.Processes);
                Assert.Equal(a.ExampleStack, b.ExampleStack);
            }
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory]
    [InlineData("{\"kind\": \"census\", \"findings\": [{\"id\": \"a\", \"kind\": \"Sideways\"}]}", "kind 'Sideways'")]
    [InlineData("{\"kind\": \"census\", \"findings\": [{\"id\": \"a\", \"kind\": \"Lock\\nBreak\"}]}", "kind 'Lock\\u000aBreak'")]
    [InlineData("{\"kind\": \"census\"}", "is not a census")]
    [InlineData("{\"culprits\": []}", "is not a census")]
    public void What_is_not_a_census_this_version_reads_is_refused_in_one_line(string text, string says)
    {
        var path = Temp(System.Text.Encoding.UTF8.GetBytes(text));
        try
        {
            var error = Assert.Throws<InvalidDataException>(() => CensusJsonReader.Read(path));

            Assert.DoesNotContain('\n', error.Message);
            Assert.Contains(path, error.Message);
            Assert.Contains(says, error.Message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void A_report_is_not_taken_for_a_census()
    {
        var path = Temp("{\"schemaVersion\": 1, \"kind\": \"report\", \"culprits\": []}"u8.ToArray());
        try
        {
            Assert.Null(CensusJsonReader.TryRead(path));
            Assert.NotNull(CensusJsonReader.TryRead(Recorded));
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static string Temp(byte[] bytes)
    {
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-census-{Guid.NewGuid():N}.json");
        File.WriteAllBytes(path, bytes);
        return path;
    }
}
