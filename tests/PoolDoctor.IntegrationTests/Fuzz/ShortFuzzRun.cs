using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Fuzz;

/// <summary>
/// One run of fuzz/short.sh for the whole class: AFL++ drives every target from its seed corpus for a few seconds on
/// the solution's own Release build, instrumented with SharpFuzz. Each test then judges one target's row.
/// </summary>
public sealed class ShortFuzzRun : IAsyncLifetime
{
    public const int SecondsPerTarget = 10;

    private static readonly string SharpFuzz = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".dotnet", "tools", "sharpfuzz");

    public string Output { get; } = Path.Combine(Path.GetTempPath(), $"pooldoctor-short-fuzz-{Guid.NewGuid():N}");

    /// <summary>The copy of the fuzz project's build that fuzz/short.sh instrumented.</summary>
    public string InstrumentedFuzzDll => Path.Combine(Output, "bin", "PoolDoctor.Fuzz.dll");

    /// <summary>What is missing to run AFL++ here (null when nothing is).</summary>
    public string? Missing { get; private set; }

    /// <summary>Target → (executions, crashes, hangs), from summary.tsv.</summary>
    public IReadOnlyDictionary<string, (long Executions, int Crashes, int Hangs)> Rows { get; private set; } = new Dictionary<string, (long, int, int)>();

    public string Log { get; private set; } = "";

    public async Task InitializeAsync()
    {
        if (!File.Exists("/usr/bin/afl-fuzz"))
        {
            Missing = "AFL++ (afl-fuzz)";
            return;
        }
        if (!File.Exists(SharpFuzz))
        {
            Missing = "SharpFuzz's instrumenter (sharpfuzz)";
            return;
        }
        // Eight targets of 10 s each, their calibration and the instrumenting: minutes at most, even on a busy host.
        var ran = await NestedDotnet.RunAsync(
            "bash",
            [Path.Combine(ToolPaths.RepositoryRoot(), "fuzz", "short.sh"), SecondsPerTarget.ToString(System.Globalization.CultureInfo.InvariantCulture), Output],
            TimeSpan.FromMinutes(10));
        Log = $"fuzz/short.sh {(ran.TimedOut ? "ran past 10 minutes" : $"exited {ran.ExitCode}")}\n{ran.Log}";
        var summary = Path.Combine(Output, "summary.tsv");
        if (File.Exists(summary))
        {
            Rows = File.ReadAllLines(summary).Skip(1)
                .Select(l => l.Split('\t'))
                .Where(f => f.Length == 4)
                .ToDictionary(f => f[0], f => (long.TryParse(f[1], out var e) ? e : 0, int.TryParse(f[2], out var c) ? c : -1, int.TryParse(f[3], out var h) ? h : -1));
        }
    }

    /// <summary>The inputs AFL++ saved for a target under a finding folder (crashes, hangs), to name in a failure.</summary>
    public IEnumerable<string> Findings(string target, string kind)
    {
        var folder = Path.Combine(Output, target, "default", kind);
        return Directory.Exists(folder) ? Directory.GetFiles(folder, "id:*") : [];
    }

    public Task DisposeAsync()
    {
        // Findings are kept for a failed run (their path is in the failure message); a clean run leaves nothing behind.
        if (Rows.Count > 0 && Rows.Values.All(r => r.Crashes == 0 && r.Hangs == 0))
        {
            Directory.Delete(Output, recursive: true);
        }
        return Task.CompletedTask;
    }
}
