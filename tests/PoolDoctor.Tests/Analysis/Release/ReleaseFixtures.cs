using System.Collections.Concurrent;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Release;

/// <summary>
/// The captures of fixtures/release (see its README): nettraces recorded with `stacks` from the Release lab under load,
/// read through the real reader with the symbols directory set to the test binaries' folder, where the lab assembly and
/// its PDB sit (as `analyze --symbols DIR` reads a trace from another machine). Each file is read once per test run.
/// </summary>
internal static class ReleaseFixtures
{
    private static readonly ConcurrentDictionary<string, Lazy<(StackSnapshot Snapshot, CulpritAnalysis Analysis)>> Read = new();

    public static string Directory => Path.Combine(AppContext.BaseDirectory, "fixtures", "release");

    public static (StackSnapshot Snapshot, CulpritAnalysis Analysis) Load(string name) =>
        Read.GetOrAdd(name, n => new Lazy<(StackSnapshot, CulpritAnalysis)>(() =>
        {
            var snapshot = NettraceStackReader.Read(Path.Combine(Directory, n + ".nettrace.gz"), symbolsDirectory: AppContext.BaseDirectory);
            return (snapshot, CulpritAnalyzer.Analyze(snapshot));
        })).Value;
}
