namespace PoolDoctor.Collect.Dumps.Heap;

/// <summary>
/// What the request reading needs of an object (or a struct inside one) in a dump's heap: its type, and its fields by
/// name. ClrMD's objects are one implementation (<see cref="ClrHeapValue"/>); a recorded one lets the reading be
/// tested on what a real dump held without the dump (<see cref="RecordedHeapValue"/>).
/// </summary>
internal interface IHeapValue
{
    /// <summary>The type's full name, e.g. <c>Microsoft.AspNetCore.Http.DefaultHttpContext</c>.</summary>
    string TypeName { get; }

    /// <summary>The type itself or one of its base types has this full name.</summary>
    bool IsOrDerives(string typeName);

    /// <summary>A string field's value, or null (no such field, not a string, null).</summary>
    string? String(string field);

    /// <summary>An object field's value, or null (no such field, null).</summary>
    IHeapValue? Object(string field);

    /// <summary>A struct field (e.g. an async state machine inside its box), or null.</summary>
    IHeapValue? Struct(string field);

    /// <summary>The non-null values of every object field, in declaration order.</summary>
    IEnumerable<IHeapValue> ObjectFields();
}
