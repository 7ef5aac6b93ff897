namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// Reads a metadata event's payload (nettrace formats 4 and 5): the header, the V1 field list, then optional tags of
/// which only the V2 field list (format 5, for arrays) matters here. Nested fields are read past, not kept.
/// </summary>
internal static class MetadataParser
{
    private const byte ParametersV2Tag = 2;

    public static (int Id, EventMetadata Metadata) Read(ReadOnlySpan<byte> payload, long origin)
    {
        var reader = new ByteReader(payload, origin);
        var id = reader.I32();
        var provider = reader.Utf16Z();
        var eventId = reader.I32();
        var eventName = reader.Utf16Z();
        reader.Skip(8); // keywords
        var version = reader.I32();
        reader.Skip(4); // level
        IReadOnlyList<PayloadField> fields = [];
        if (reader.Remaining > 0)
        {
            fields = Fields(ref reader, v2: false);
        }
        while (reader.Remaining > 0)
        {
            var size = reader.I32();
            var tag = reader.U8();
            var tagReader = new ByteReader(reader.Take(size), reader.FileOffset - size);
            if (tag == ParametersV2Tag)
            {
                fields = Fields(ref tagReader, v2: true);
            }
        }
        return (id, new EventMetadata(provider, eventId, eventName, version, fields));
    }

    private static List<PayloadField> Fields(ref ByteReader reader, bool v2)
    {
        var count = reader.I32();
        if (count < 0 || count > reader.Remaining)
        {
            throw reader.Damaged($"a metadata row claims {count} fields");
        }
        var fields = new List<PayloadField>(count);
        for (var i = 0; i < count; i++)
        {
            if (v2)
            {
                var size = reader.I32();
                var field = new ByteReader(reader.Take(size - 4), reader.FileOffset - size + 4);
                var name = field.Utf16Z();
                var type = field.I32();
                SkipType(ref field, type, v2: true);
                fields.Add(new PayloadField(name, type));
            }
            else
            {
                var type = reader.I32();
                SkipType(ref reader, type, v2: false);
                fields.Add(new PayloadField(reader.Utf16Z(), type));
            }
        }
        return fields;
    }

    private static void SkipType(ref ByteReader reader, int type, bool v2)
    {
        if (type == PayloadField.Array && v2)
        {
            var element = reader.I32();
            SkipType(ref reader, element, v2);
        }
        else if (type == PayloadField.Object)
        {
            Fields(ref reader, v2);
        }
    }
}
