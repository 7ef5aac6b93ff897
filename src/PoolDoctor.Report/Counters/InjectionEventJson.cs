using System.Text.Json;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Report.Counters;

/// <summary>The one JSON shape of a thread injection (event 55), for `counters`, `detect` and report.json alike.</summary>
public sealed class InjectionEventJson() : WriteOnlyJsonConverter<InjectionEvent>("injections are read back only by the tests (CounterSeriesReader)")
{
    public static void Write(Utf8JsonWriter json, InjectionEvent e)
    {
        json.WriteStartObject();
        json.WriteNumber("seconds", Math.Round(e.Seconds, 3));
        json.WriteNumber("newWorkerThreadCount", e.NewWorkerThreadCount);
        json.WriteString("reason", e.Reason.ToString());
        json.WriteNumber("averageThroughput", Math.Round(e.AverageThroughput, 3));
        json.WriteEndObject();
    }

    public static void WriteArray(Utf8JsonWriter json, IEnumerable<InjectionEvent> injections)
    {
        json.WriteStartArray();
        foreach (var e in injections)
        {
            Write(json, e);
        }
        json.WriteEndArray();
    }

    public override void Write(Utf8JsonWriter writer, InjectionEvent value, JsonSerializerOptions options) => Write(writer, value);
}
