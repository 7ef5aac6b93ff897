using System.Text.Json;
using System.Text.Json.Serialization;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// A merged stack in report.json: the frames' names and their user-code flags as two arrays of the same length
/// (`frames`, `userFrames`), the wire shape readers already parse, while the model keeps one record per frame.
/// </summary>
public sealed class StackGroupJson : JsonConverter<StackGroup>
{
    public override void Write(Utf8JsonWriter writer, StackGroup value, JsonSerializerOptions options)
    {
        writer.WriteStartObject();
        writer.WriteStartArray(Key(options, "Frames"));
        foreach (var frame in value.Frames)
        {
            writer.WriteStringValue(frame.Name);
        }
        writer.WriteEndArray();
        writer.WriteNumber(Key(options, "Threads"), value.Threads);
        writer.WriteNumber(Key(options, "Share"), value.Share);
        writer.WriteBoolean(Key(options, "IsThreadPool"), value.IsThreadPool);
        writer.WriteStartArray(Key(options, "ThreadIds"));
        foreach (var id in value.ThreadIds)
        {
            writer.WriteNumberValue(id);
        }
        writer.WriteEndArray();
        writer.WriteStartArray(Key(options, "UserFrames"));
        foreach (var frame in value.Frames)
        {
            writer.WriteBooleanValue(frame.IsUser);
        }
        writer.WriteEndArray();
        writer.WriteNumber(Key(options, "Samples"), value.Samples);
        writer.WriteEndObject();
    }

    public override StackGroup Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        var root = document.RootElement;
        var names = Array(root, "frames").Select(e => e.GetString() ?? "").ToList();
        // A report written before the flags were kept has none: every frame reads as not the user's.
        var user = Array(root, "userFrames").Select(e => e.ValueKind == JsonValueKind.True).ToList();
        return new StackGroup(
            [.. names.Select((name, i) => new GroupFrame(name, i < user.Count && user[i]))],
            Get(root, "threads")?.GetInt32() ?? 0,
            Get(root, "share")?.GetDouble() ?? 0,
            Get(root, "isThreadPool")?.ValueKind == JsonValueKind.True,
            [.. Array(root, "threadIds").Select(e => e.GetInt32())])
        {
            Samples = Get(root, "samples")?.GetInt64() ?? 0,
        };
    }

    // The names the record's own properties would be written under, so the keys follow the options' naming policy.
    private static string Key(JsonSerializerOptions options, string property) => options.PropertyNamingPolicy?.ConvertName(property) ?? property;

    private static JsonElement? Get(JsonElement root, string name)
    {
        foreach (var property in root.EnumerateObject())
        {
            if (string.Equals(property.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return property.Value;
            }
        }
        return null;
    }

    private static IEnumerable<JsonElement> Array(JsonElement root, string name) =>
        Get(root, name) is { ValueKind: JsonValueKind.Array } array ? array.EnumerateArray() : [];
}
