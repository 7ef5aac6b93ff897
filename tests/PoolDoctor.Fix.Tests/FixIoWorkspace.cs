using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.MSBuild;
using PoolDoctor.Fix.Workspace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The FixIo test app loaded once for its snapshot tests, and the culprits no load run names, written from the app's
/// source (the call site's line is found by its text, so an edit above it does not silently point the culprit
/// elsewhere). The database calls and the hosted services are read from recorded reports instead (fixtures/fixio-*.json,
/// `scripts/fix-fixtures/record-data.sh`). Written here: the connection's Open (the recorded report of its route names
/// the ExecuteReader, where the threads waited), and file reads from the page cache, a two-slot throttle around instant
/// work and a cache hit, which return too fast to starve a pool under load.
/// </summary>
public sealed class FixIoWorkspace : IAsyncLifetime
{
    private MSBuildWorkspace? _workspace;

    public Solution Solution { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        await TestApps.EnsureRestoredAsync();
        (_workspace, Solution) = await SourceWorkspace.OpenAsync(TestApps.FixIo, CancellationToken.None);
    }

    public Task DisposeAsync()
    {
        _workspace?.Dispose();
        return Task.CompletedTask;
    }

    /// <summary>A culprit at the one line of <paramref name="file"/> (relative to the app) that holds <paramref name="call"/>.</summary>
    public static Culprit Culprit(string method, BlockingKind kind, string api, string file, string call, params string[] chain)
    {
        var path = Path.Combine(Path.GetDirectoryName(TestApps.FixIo)!, file);
        var lines = File.ReadAllLines(path);
        var at = Enumerable.Range(0, lines.Length).Where(i => lines[i].Contains(call, StringComparison.Ordinal)).ToList();
        Assert.True(at.Count == 1, $"{file}: '{call}' is on {at.Count} lines, not one");
        return new Culprit(method, kind, api, 0, 0, []) { Site = new CallSite { File = path, Line = at[0] + 1 }, Chain = CulpritFrame.Named(chain) };
    }

    /// <summary>The culprit as a report.json `fix` reads, in a temp folder, for the tests that run the CLI.</summary>
    public static string Report(Culprit culprit)
    {
        var report = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-fix-").FullName, "report.json");
        var json = System.Text.Json.JsonSerializer.Serialize(new
        {
            verdict = "Starving",
            culprits = new[]
            {
                new { method = culprit.Method, kind = culprit.Kind.ToString(), api = culprit.Api, file = culprit.Site.File, line = culprit.Site.Line, chain = culprit.Chain.ToArray() },
            },
        });
        File.WriteAllText(report, json);
        return report;
    }
}
