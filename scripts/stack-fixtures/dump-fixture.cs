#:project ../../src/PoolDoctor.Collect/PoolDoctor.Collect.csproj
#:property PublishAot=false

// Extracts what the culprit analysis reads from a core dump into a small JSON fixture, so a dump of hundreds of MB is
// kept as tens of KB: every managed thread's frames with token and IL offset (as DumpStackReader reads them), the
// heap objects DumpRequests read from each thread's stack roots to find its request (recorded through
// RecordingHeapValue, so a test reads them again with the same code), the request it found, and the modules' origins.
// `dotnet run scripts/stack-fixtures/dump-fixture.cs -- CORE OUT.json`; the unit tests' RecordedDumps reads it.
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.Diagnostics.Runtime;
using PoolDoctor.Collect.Dumps;
using PoolDoctor.Collect.Dumps.Heap;
using PoolDoctor.Model.Stacks;

if (args is not [var core, var output])
{
    Console.Error.WriteLine("usage: dotnet run dump-fixture.cs -- CORE OUT.json");
    return 2;
}
var reading = DumpStackReader.Read(core);
var snapshot = reading.Snapshot;
var frames = new List<StackFrame>();
var index = new Dictionary<StackFrame, int>();
int Index(StackFrame f)
{
    var key = f with { Source = null };
    if (!index.TryGetValue(key, out var i))
    {
        i = frames.Count;
        frames.Add(key);
        index[key] = i;
    }
    return i;
}
var heap = new JsonArray();
var roots = new Dictionary<int, JsonArray>();
using (var target = DataTarget.LoadDump(core, new DataTargetOptions { SymbolPaths = [] }))
using (var runtime = target.ClrVersions[0].CreateRuntime(
    Path.Combine(Path.GetDirectoryName(target.ClrVersions[0].ModuleInfo.FileName)!, "libmscordaccore.so"), ignoreMismatch: true))
{
    foreach (var thread in runtime.Threads.Where(t => t.IsAlive && t.OSThreadId != 0))
    {
        var recorded = thread.EnumerateStackRoots().Select(r => ClrHeapValue.Of(r.Object)).OfType<IHeapValue>()
            .Select(v => RecordingHeapValue.Root(v, heap)).ToList();
        DumpRequests.Of(recorded);
        roots[(int)thread.OSThreadId] = new JsonArray([.. recorded.Where(r => r.Id is not null).Select(r => (JsonNode)r.Id!.Value)]);
    }
}
var stacks = new JsonArray();
foreach (var stack in snapshot.Stacks)
{
    var entry = new JsonObject
    {
        ["thread"] = stack.ThreadId,
        ["frames"] = new JsonArray([.. stack.Frames.Select(f => (JsonNode)Index(f))]),
        ["roots"] = roots.TryGetValue(stack.ThreadId, out var ids) ? ids : new JsonArray(),
    };
    if (stack.Request is { } r)
    {
        entry["request"] = new JsonObject
        {
            ["method"] = r.HttpMethod, ["path"] = r.Path, ["route"] = r.Route, ["endpoint"] = r.Endpoint, ["action"] = r.Action,
        };
    }
    stacks.Add((JsonNode)entry);
}
var root = new JsonObject
{
    ["processId"] = snapshot.ProcessId,
    ["runtime"] = reading.RuntimeVersion,
    ["frames"] = new JsonArray([.. frames.Select(f => (JsonNode)new JsonArray(f.Module, f.Method, f.MethodToken, f.IlOffset))]),
    ["stacks"] = stacks,
    ["heap"] = heap,
    ["modules"] = new JsonArray([.. snapshot.Modules
        .Select(m => (JsonNode)new JsonObject { ["name"] = m.Name, ["origin"] = m.Origin.ToString(), ["package"] = m.Package is { } p ? new JsonArray(p.Name, p.Version, p.Direct) : null })]),
};
File.WriteAllText(output, root.ToJsonString(new JsonSerializerOptions { WriteIndented = false }));
Console.Error.WriteLine($"{output}: {snapshot.Stacks.Count} threads, {frames.Count} distinct frames");
return 0;
