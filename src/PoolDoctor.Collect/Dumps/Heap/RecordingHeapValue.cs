using System.Text.Json.Nodes;

namespace PoolDoctor.Collect.Dumps.Heap;

/// <summary>
/// Wraps a dump's value and writes down every answer it gives into a table, so what a reading of a real dump saw can
/// be kept as a small fixture and answered again by <see cref="RecordedHeapValue"/>. A root takes a row only once it
/// has something to say beyond its type (a thread's stack references hundreds of objects the reading passes over);
/// a field's value always does.
/// </summary>
internal sealed class RecordingHeapValue : IHeapValue
{
    private readonly IHeapValue _inner;
    private readonly JsonArray _table;
    private JsonObject? _node;

    private RecordingHeapValue(IHeapValue inner, JsonArray table)
    {
        _inner = inner;
        _table = table;
    }

    /// <summary>The row in the table, or null while the value said nothing worth keeping.</summary>
    public int? Id { get; private set; }

    public static RecordingHeapValue Root(IHeapValue inner, JsonArray table) => new(inner, table);

    public string TypeName => _inner.TypeName;

    public bool IsOrDerives(string typeName)
    {
        var answer = _inner.IsOrDerives(typeName);
        if (answer && typeName != TypeName)
        {
            var bases = Node()["bases"] as JsonArray ?? (JsonArray)(Node()["bases"] = new JsonArray());
            if (!bases.Any(b => (string?)b == typeName))
            {
                bases.Add((JsonNode?)typeName);
            }
        }
        else if (answer)
        {
            Node();
        }
        return answer;
    }

    public string? String(string field)
    {
        var value = _inner.String(field);
        if (value is not null)
        {
            Section("strings")[field] = value;
        }
        return value;
    }

    public IHeapValue? Object(string field) => Child("objects", field, _inner.Object(field));

    public IHeapValue? Struct(string field) => Child("structs", field, _inner.Struct(field));

    public IEnumerable<IHeapValue> ObjectFields()
    {
        var ids = new JsonArray();
        Node()["fields"] = ids;
        foreach (var value in _inner.ObjectFields())
        {
            var child = new RecordingHeapValue(value, _table);
            ids.Add((JsonNode)child.Register());
            yield return child;
        }
    }

    private RecordingHeapValue? Child(string kind, string field, IHeapValue? value)
    {
        if (value is null)
        {
            return null;
        }
        var child = new RecordingHeapValue(value, _table);
        Section(kind)[field] = child.Register();
        return child;
    }

    private int Register()
    {
        Node();
        return Id!.Value;
    }

    private JsonObject Node()
    {
        if (_node is null)
        {
            _node = new JsonObject { ["type"] = _inner.TypeName };
            Id = _table.Count;
            _table.Add((JsonNode)_node);
        }
        return _node;
    }

    private JsonObject Section(string name) => Node()[name] as JsonObject ?? (JsonObject)(Node()[name] = new JsonObject());
}
