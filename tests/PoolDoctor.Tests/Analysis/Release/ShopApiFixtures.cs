using System.Collections.Concurrent;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Release;

/// <summary>
/// The captures of fixtures/shopapi (see its README): tests/apps/ShopApi in Release, warmed up under load, then one
/// `stacks` capture per route. Read through the real reader with that folder as the symbols directory: it holds the
/// traced build's assembly, PDB and deps.json, so lines are the recorded build's. Each file is read once per run.
/// </summary>
internal static class ShopApiFixtures
{
    private static readonly ConcurrentDictionary<string, Lazy<(StackSnapshot Snapshot, CulpritAnalysis Analysis)>> Read = new();

    public static string Directory => Path.Combine(AppContext.BaseDirectory, "fixtures", "shopapi");

    public static (StackSnapshot Snapshot, CulpritAnalysis Analysis) Load(string name) =>
        Read.GetOrAdd(name, n => new Lazy<(StackSnapshot, CulpritAnalysis)>(() =>
        {
            var snapshot = NettraceStackReader.Read(Path.Combine(Directory, n + ".nettrace.gz"), symbolsDirectory: Directory);
            return (snapshot, CulpritAnalyzer.Analyze(snapshot));
        })).Value;
}
