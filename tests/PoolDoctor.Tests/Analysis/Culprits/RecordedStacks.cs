using System.Text.Json;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// Loads recorded stack captures (fixtures/stacks/snapshots/*.json). The files are a compact form of a StackSnapshot: a
/// table of distinct frames [module, raw method name] and, per thread and distinct stack, the sample count and
/// the frame indexes (leaf first); wait spans the same way. They were recorded from the lab under load with
/// dotnet-trace (SampleProfiler + WaitHandle/Contention/TPL events) and converted with TraceEvent's TraceLog;
/// see fixtures/stacks/snapshots/README.md.
/// </summary>
internal static class RecordedStacks
{
    public static string Directory => Path.Combine(AppContext.BaseDirectory, "fixtures", "stacks", "snapshots");

    public static StackSnapshot Load(string name)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(Directory, name + ".json")));
        var root = document.RootElement;
        var frames = root.GetProperty("frames").EnumerateArray()
            .Select(f => new StackFrame(f[0].GetString()!, f[1].GetString()!))
            .ToArray();
        IReadOnlyList<StackFrame> FramesOf(JsonElement element) =>
            element.GetProperty("frames").EnumerateArray().Select(i => frames[i.GetInt32()]).ToArray();

        var stacks = root.GetProperty("stacks").EnumerateArray()
            .Select(s => new ThreadStack(s.GetProperty("thread").GetInt32(), FramesOf(s), s.GetProperty("samples").GetInt32()))
            .ToArray();
        var waits = root.GetProperty("waits").EnumerateArray()
            .Select(w => new WaitSpan(
                w.GetProperty("thread").GetInt32(),
                Enum.Parse<WaitSource>(w.GetProperty("source").GetString()!),
                w.GetProperty("ms").GetDouble(),
                FramesOf(w)))
            .ToArray();
        return new StackSnapshot(root.GetProperty("processId").GetInt32(), root.GetProperty("windowSeconds").GetDouble(), stacks, waits);
    }
}
