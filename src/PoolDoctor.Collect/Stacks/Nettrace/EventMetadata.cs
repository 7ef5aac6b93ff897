namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// One metadata row of a nettrace stream: which provider and event later events with this id are, and their payload
/// fields when the event describes itself (EventSource events do; the runtime's native events carry none, so their
/// layouts are known by id).
/// </summary>
internal sealed record EventMetadata(string Provider, int EventId, string EventName, int Version, IReadOnlyList<PayloadField> Fields)
{
    /// <summary>The byte offset of a top-level field, when every field before it has a fixed size (else null).</summary>
    public int? OffsetOf(string name)
    {
        var offset = 0;
        foreach (var field in Fields)
        {
            if (field.Name == name)
            {
                return offset;
            }
            if (PayloadField.FixedSize(field.TypeCode) is not { } size)
            {
                return null;
            }
            offset += size;
        }
        return null;
    }
}
