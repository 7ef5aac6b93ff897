using System.IO.Compression;
using System.Text.Json.Nodes;
using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Collect.Dumps.Heap;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Dumps;

/// <summary>
/// Reads a dump fixture (fixtures/dumps/*.json.gz, written by scripts/stack-fixtures/dump-fixture.cs from a real core
/// dump) into the <see cref="StackSnapshot"/> DumpStackReader gave: the frames as read, and each thread's request read
/// again by <see cref="DumpRequests"/> from the heap values recorded under its stack roots. The app's assemblies are the
/// dumped build, beside the fixture (as `analyze --symbols` would have them).
/// </summary>
internal static class RecordedDumps
{
    public static string Directory => Path.Combine(AppContext.BaseDirectory, "fixtures", "dumps");

    /// <param name="readBoxes">False reads only what the frames reference themselves, as the reader did before it
    /// looked into the state machines of resumed async methods.</param>
    public static StackSnapshot Load(string name, bool readBoxes = true)
    {
        using var gz = new GZipStream(File.OpenRead(Path.Combine(Directory, name + ".json.gz")), CompressionMode.Decompress);
        var root = JsonNode.Parse(gz)!.AsObject();
        var frames = root["frames"]!.AsArray()
            .Select(f => new StackFrame((string)f![0]!, (string)f[1]!) { MethodToken = (int?)f[2], IlOffset = (int?)f[3] })
            .ToArray();
        var heap = root["heap"]!.AsArray();
        var stacks = root["stacks"]!.AsArray().Select(s =>
        {
            var roots = RecordedHeapValue.Of(heap, s!["roots"]!.AsArray().Select(i => (int)i!));
            return new ThreadStack((int)s["thread"]!, [.. s["frames"]!.AsArray().Select(i => frames[(int)i!])], 1)
            {
                Request = DumpRequests.Of(readBoxes ? roots : roots.Select(r => (IHeapValue)new NoBox(r))),
            };
        }).ToArray();
        var modules = root["modules"]!.AsArray().Select(m =>
        {
            var moduleName = (string)m!["name"]!;
            var origin = Enum.Parse<ModuleOrigin>((string)m["origin"]!);
            var beside = Path.Combine(Directory, moduleName + ".dll");
            return new ModuleInfo(moduleName, File.Exists(beside) ? beside : moduleName + ".dll", origin)
            {
                Package = m["package"] is JsonArray p ? new PackageRef((string)p[0]!, (string)p[1]!, (bool)p[2]!) : null,
            };
        }).ToArray();
        var snapshot = new StackSnapshot((int)root["processId"]!, 0, stacks, []) { Modules = modules };
        return snapshot with { CallGraph = AssemblyCallGraphReader.ReadApp(modules) };
    }

    /// <summary>A value whose state machine field is not looked at.</summary>
    private sealed class NoBox(IHeapValue inner) : IHeapValue
    {
        public string TypeName => inner.TypeName;

        public bool IsOrDerives(string typeName) => inner.IsOrDerives(typeName);

        public string? String(string field) => inner.String(field);

        public IHeapValue? Object(string field) => field == "StateMachine" ? null : inner.Object(field);

        public IHeapValue? Struct(string field) => field == "StateMachine" ? null : inner.Struct(field);

        public IEnumerable<IHeapValue> ObjectFields() => inner.ObjectFields();
    }
}
