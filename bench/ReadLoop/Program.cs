using System.Globalization;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Collect.Stacks;

// One capture's read (nettrace -> TraceLog -> stacks, the app's IL and PDBs, culprits), repeated in one process with
// the compacting collection `watch` runs after each report, printing memory after each read: a leak in the read
// path grows every line; a one-time cost (JIT, first buffers) grows only the first few.
if (args.Length is < 2 or > 3 || !File.Exists(args[0]) || !int.TryParse(args[1], out var times) || times < 1)
{
    Console.Error.WriteLine("usage: ReadLoop FILE.nettrace[.gz] TIMES [SYMBOLS_DIR]");
    return 2;
}
var symbols = args.Length == 3 ? args[2] : null;
Console.WriteLine("read,rss_mb,anon_mb,file_mb,gc_heap_mb,gc_committed_mb,stacks");
for (var i = 1; i <= times; i++)
{
    var snapshot = NettraceStackReader.Read(args[0], symbolsDirectory: symbols);
    var analysis = CulpritAnalyzer.Analyze(snapshot);
    var stacks = snapshot.Stacks.Count + analysis.Culprits.Count;
    GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
    var status = File.ReadAllLines("/proc/self/status").Select(l => l.Split(':', 2)).Where(p => p.Length == 2 && p[0].StartsWith("Rss", StringComparison.Ordinal) || p[0] == "VmRSS")
        .ToDictionary(p => p[0], p => double.Parse(p[1].Trim().Split(' ')[0], CultureInfo.InvariantCulture) / 1024);
    var gc = GC.GetGCMemoryInfo();
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"{i},{status["VmRSS"]:F1},{status["RssAnon"]:F1},{status["RssFile"]:F1},{gc.HeapSizeBytes / 1048576.0:F1},{gc.TotalCommittedBytes / 1048576.0:F1},{stacks}"));
}
return 0;
