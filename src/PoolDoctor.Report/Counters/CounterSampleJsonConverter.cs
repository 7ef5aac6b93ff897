using System.Text.Json;
using System.Text.Json.Serialization;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Report.Counters;

/// <summary>
/// Writes a counter sample inside report.json with <see cref="CounterJson"/>'s field writer, so `counters`, `detect` and
/// report.json share one shape (keys, rounding, queueDelayMs). Reading goes through <see cref="CounterSeriesReader"/>.
/// </summary>
internal sealed class CounterSampleJsonConverter : JsonConverter<CounterSample>
{
    public override CounterSample Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        throw new NotSupportedException("counter samples are read with CounterSeriesReader");

    public override void Write(Utf8JsonWriter writer, CounterSample value, JsonSerializerOptions options)
    {
        writer.WriteStartObject();
        CounterJson.WriteSampleFields(writer, value);
        writer.WriteEndObject();
    }
}
