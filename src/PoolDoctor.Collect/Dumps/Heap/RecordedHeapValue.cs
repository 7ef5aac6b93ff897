using System.Text.Json.Nodes;

namespace PoolDoctor.Collect.Dumps.Heap;

/// <summary>
/// An <see cref="IHeapValue"/> that answers from what a reading of a real dump saw (<see cref="RecordingHeapValue"/>
/// wrote it): the type, its base types and every field that reading asked for. A field it never asked for reads as
/// absent, so a reading that looks further than the recording did finds nothing there.
/// </summary>
internal sealed class RecordedHeapValue : IHeapValue
{
    private readonly JsonArray _values;
    private readonly JsonObject _node;

    private RecordedHeapValue(JsonArray values, JsonObject node)
    {
        _values = values;
        _node = node;
    }

    /// <summary>The values <paramref name="ids"/> name in <paramref name="values"/> (a recording's table).</summary>
    public static IReadOnlyList<IHeapValue> Of(JsonArray values, IEnumerable<int> ids) =>
        [.. ids.Select(i => (IHeapValue)new RecordedHeapValue(values, values[i]!.AsObject()))];

    public string TypeName => (string)_node["type"]!;

    public bool IsOrDerives(string typeName) =>
        TypeName == typeName || (_node["bases"]?.AsArray().Any(b => (string?)b == typeName) ?? false);

    public string? String(string field) => (string?)_node["strings"]?[field];

    public IHeapValue? Object(string field) => Child("objects", field);

    public IHeapValue? Struct(string field) => Child("structs", field);

    public IEnumerable<IHeapValue> ObjectFields() =>
        _node["fields"]?.AsArray().Select(i => (IHeapValue)new RecordedHeapValue(_values, _values[(int)i!]!.AsObject())) ?? [];

    private RecordedHeapValue? Child(string kind, string field) =>
        _node[kind]?[field] is JsonValue id ? new RecordedHeapValue(_values, _values[(int)id]!.AsObject()) : null;
}
