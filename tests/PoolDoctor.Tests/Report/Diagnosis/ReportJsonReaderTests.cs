using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Report.Diagnosis;

/// <summary>
/// The one reader of report.json (and of the stacks JSON) into the Model's own records: every report an earlier
/// version wrote that the repository keeps (snapshots and fixtures of both test projects) still reads, culprit for
/// culprit, and a culprit written by <see cref="CulpritJson"/> reads back as the same facts.
/// </summary>
public sealed class ReportJsonReaderTests
{
    public static TheoryData<string> RecordedReports() => new(Reports());

    private static List<string> Reports()
    {
        var tests = Path.Combine(Repo(), "tests");
        return [.. Directory.EnumerateFiles(tests, "*.json", SearchOption.AllDirectories)
            .Where(f => !f.Contains("/bin/", StringComparison.Ordinal) && !f.Contains("/obj/", StringComparison.Ordinal))
            .Where(f => f.Contains("/snapshots/", StringComparison.Ordinal) || f.Contains("/fixtures/", StringComparison.Ordinal))
            .Where(f => CulpritsArray(f) is not null)
            .Order(StringComparer.Ordinal)
            .Select(f => Path.GetRelativePath(tests, f))];
    }

    [Fact]
    public void The_corpus_holds_reports_of_both_test_projects()
    {
        var reports = Reports();

        Assert.Contains(reports, r => r.StartsWith("PoolDoctor.Fix.Tests/fixtures/", StringComparison.Ordinal));
        Assert.Contains(reports, r => r.StartsWith("PoolDoctor.Tests/snapshots/", StringComparison.Ordinal));
        Assert.True(reports.Count >= 20, $"only {reports.Count} recorded reports with culprits");
    }

    [Theory]
    [MemberData(nameof(RecordedReports))]
    public void Every_recorded_report_reads_into_the_models_culprits(string report)
    {
        var path = Path.Combine(Repo(), "tests", report);
        var expected = CulpritsArray(path)!.Value;

        var culprits = ReportJsonReader.Culprits(path);

        Assert.Equal(expected.GetArrayLength(), culprits.Count);
        foreach (var (json, culprit) in expected.EnumerateArray().Zip(culprits))
        {
            Assert.Equal(json.GetProperty("method").GetString(), culprit.Method);
            Assert.Equal(json.GetProperty("kind").GetString(), culprit.Kind.ToString());
            Assert.Equal(json.GetProperty("api").GetString(), culprit.Api);
            Assert.Equal(json.TryGetProperty("line", out var line) ? line.GetInt32() : null, culprit.Site.Line);
            Assert.Equal(json.TryGetProperty("file", out var file) ? file.GetString() : null, culprit.Site.File);
            Assert.Equal(json.TryGetProperty("chain", out var chain) ? chain.GetArrayLength() : 0, culprit.Chain.Count);
            Assert.Equal(json.TryGetProperty("exampleStack", out var example) ? example.GetArrayLength() : 0, culprit.Example.Count);
        }
    }

    [Theory]
    [MemberData(nameof(RecordedReports))]
    public void Every_recorded_culprit_written_again_reads_back_as_the_same_facts(string report)
    {
        var culprits = ReportJsonReader.Culprits(Path.Combine(Repo(), "tests", report));

        foreach (var culprit in culprits)
        {
            var again = CulpritJsonReader.Read(JsonDocument.Parse(Written(culprit)).RootElement);

            Assert.Equal(Facts(culprit), Facts(again));
            Assert.Equal(culprit.Chain, again.Chain);
            Assert.Equal(culprit.Example, again.Example);
            Assert.Equal(culprit.SourceChecksums, again.SourceChecksums);
            Assert.Equal(culprit.ApiName, again.ApiName);
            Assert.Equal(culprit.HeldAcrossName, again.HeldAcrossName);
        }
    }

    [Theory]
    [MemberData(nameof(RecordedReports))]
    public void Every_recorded_culprit_names_the_member_its_api_ends_in(string report)
    {
        foreach (var culprit in ReportJsonReader.Culprits(Path.Combine(Repo(), "tests", report)))
        {
            var api = culprit.ApiName;

            Assert.Equal(culprit.Api, api.Text);
            Assert.False(string.IsNullOrEmpty(api.Member), $"{culprit.Api}: no member");
            Assert.DoesNotContain('.', api.Member);
            Assert.StartsWith(api.Type.Length == 0 ? api.Member : api.Type + "." + api.Member, culprit.Api, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void A_culprit_written_reads_back_as_the_same_facts()
    {
        var culprit = new Culprit("OrdersController.Get", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteReader", 12, 0.75, [new("NpgsqlCommand.ExecuteReader"), new("OrdersController.Get", new SourceLocation("/src/OrdersController.cs", 21))], 840.5)
        {
            Chain = [new("Program.Main"), new("OrdersController.Get", new SourceLocation("/src/OrdersController.cs", 21) { SourceUrl = "https://example.org/o#L21", RepositoryFile = "src/OrdersController.cs" })],
            Entry = EntryText.Parse("GET /orders/{id}"),
            Flavor = FrameFlavor.Async,
            Site = new PoolDoctor.Model.Stacks.CallSite { Source = CallSiteSource.Il, Note = PoolDoctor.Model.Stacks.CallSiteNote.Words("inlined"), File = "/src/OrdersController.cs", Line = 21, SourceUrl = "https://example.org/o#L21", RepositoryFile = "src/OrdersController.cs" },
            SourceChecksums = new Dictionary<string, SourceChecksum> { ["/src/OrdersController.cs"] = new("sha256", "ab12") },
            InTaskRun = true,
            ApiTwin = new AsyncTwin("NpgsqlCommand.ExecuteReader", "ExecuteReaderAsync"),
            AwaitedRanSync = new AwaitedRanSync("Cache.GetAsync", "Cache.Get", true),
            HeldAcross = "Thread.Sleep",
        };

        var read = CulpritJsonReader.Read(JsonDocument.Parse(Written(culprit)).RootElement);

        Assert.Equal((culprit.Method, culprit.Kind, culprit.Api, culprit.Threads, culprit.Share, culprit.WaitMs), (read.Method, read.Kind, read.Api, read.Threads, read.Share, read.WaitMs));
        Assert.Equal(culprit.Chain, read.Chain);
        Assert.Equal(culprit.Example, read.Example);
        Assert.Equal(culprit.Site, read.Site);
        Assert.Equal(culprit.SourceChecksums, read.SourceChecksums);
        Assert.Equal((EntryText.Of(culprit.Entry), culprit.Flavor, culprit.InTaskRun, culprit.HeldAcross), (EntryText.Of(read.Entry), read.Flavor, read.InTaskRun, read.HeldAcross));
        Assert.Equal(culprit.ApiTwin, read.ApiTwin);
        Assert.Equal(culprit.AwaitedRanSync, read.AwaitedRanSync);
    }

    [Fact]
    public void A_package_culprit_reads_with_its_package_and_the_frames_packages()
    {
        var package = new PackageRef("ShopKit.OrderStore", "1.2.0", Direct: true);
        var culprit = new Culprit("OrderStore.Load", BlockingKind.SyncOverAsync, "Task.Result", 3, 0.5, [])
        {
            Chain = [new("OrdersController.Get", new SourceLocation("/src/OrdersController.cs", 9)), new("OrderStore.Load", Package: package)],
            Package = package,
            PackageMethod = "OrderStore.Load",
            UserFrame = "OrdersController.Get",
        };

        var read = CulpritJsonReader.Read(JsonDocument.Parse(Written(culprit)).RootElement);

        Assert.Equal(package, read.Package);
        Assert.Equal(culprit.Chain, read.Chain);
        Assert.Equal(("OrderStore.Load", "OrdersController.Get"), (read.PackageMethod, read.UserFrame));
    }

    [Fact]
    public void An_unknown_kind_is_one_line_naming_the_report()
    {
        var path = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-reader-").FullName, "report.json");
        File.WriteAllText(path, """{"culprits": [{"method": "A.B", "kind": "Spin", "api": "X.Y"}]}""");

        var error = Assert.Throws<InvalidDataException>(() => ReportJsonReader.Culprits(path));

        Assert.Contains("culprit A.B has kind 'Spin', not one of SyncOverAsync, Sleep, SyncIO, Lock, SyncWait", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    // Every scalar fact of a culprit, the records among them compared by value; waitMs to the 0.1 ms the writer keeps
    // (older reports kept more digits).
    private static object Facts(Culprit c) => (
        (c.Method, c.Kind, c.Api, c.Threads, c.Share, Math.Round(c.WaitMs, 1)),
        (EntryText.Of(c.Entry), c.Flavor, c.Site, c.InTaskRun, c.HeldAcross),
        (c.Package, c.PackageMethod, c.UserFrame, c.ApiTwin, c.PackageTwin, c.UserCallTwin),
        (c.AwaitedRanSync, c.Hold));

    private static string Written(Culprit culprit)
    {
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream))
        {
            CulpritJson.Write(json, culprit);
        }
        return Encoding.UTF8.GetString(stream.ToArray());
    }

    private static JsonElement? CulpritsArray(string path)
    {
        try
        {
            var root = JsonDocument.Parse(File.ReadAllBytes(path)).RootElement;
            if (root.ValueKind != JsonValueKind.Object)
            {
                return null;
            }
            if (root.TryGetProperty("culprits", out var top) && top.ValueKind == JsonValueKind.Array)
            {
                return top;
            }
            return root.EnumerateObject().Select(p => p.Value)
                .Where(v => v.ValueKind == JsonValueKind.Object && v.TryGetProperty("culprits", out var n) && n.ValueKind == JsonValueKind.Array)
                .Select(v => (JsonElement?)v.GetProperty("culprits")).FirstOrDefault();
        }
        catch (JsonException)
        {
            return null;
        }
    }

    private static string Repo([CallerFilePath] string self = "") => Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", "..", "..", ".."));
}
