using System.Text.Json;
using System.Text.Json.Serialization;

namespace PoolDoctor.Report.Counters;

/// <summary>
/// A shape the tool writes for System.Text.Json callers but never reads back through it: the readers that exist take
/// their own path, and a silent half-working Read would hide that.
/// </summary>
public abstract class WriteOnlyJsonConverter<T>(string readBack) : JsonConverter<T>
{
    public sealed override T Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        throw new NotSupportedException(readBack);
}
