using System.Text.Json;
using PoolDoctor.Model.Flight;
using PoolDoctor.Report.Counters;

namespace PoolDoctor.Report.Flight;

/// <summary>
/// report.json's <c>flightRecorder</c> (docs/report.md): the window kept before the trigger, its bounds, the onset and
/// the evidence itself; seconds on the report's clock, like the samples'. Written only when the watch recorded one.
/// </summary>
internal static class FlightJson
{
    public static void Write(Utf8JsonWriter json, FlightRecording r, DateTimeOffset startedUtc, JsonSerializerOptions options)
    {
        json.WriteStartObject("flightRecorder");
        json.WriteNumber("windowSeconds", r.Limits.WindowSeconds);
        json.WriteNumber("fromSeconds", Math.Round(r.FromSeconds, 3));
        json.WriteNumber("triggerSeconds", Math.Round(r.TriggerSeconds, 3));
        json.WriteString("fromUtc", Diagnosis.ReportJsonWriter.Utc(startedUtc.AddSeconds(r.FromSeconds)));
        json.WriteString("triggerUtc", Diagnosis.ReportJsonWriter.Utc(startedUtc.AddSeconds(r.TriggerSeconds)));
        json.WriteStartObject("limits");
        json.WriteNumber("maxWaits", FlightLimits.MaxWaits);
        json.WriteNumber("maxSamples", FlightLimits.MaxSamples);
        json.WriteNumber("maxInjections", FlightLimits.MaxInjections);
        json.WriteNumber("maxBytes", FlightLimits.MaxBytes);
        json.WriteNumber("maxWaitsPerSecond", FlightLimits.MaxWaitsPerSecond);
        json.WriteEndObject();
        Onset(json, r.Onset);
        json.WriteStartArray("samples");
        foreach (var sample in r.Samples)
        {
            json.WriteStartObject();
            CounterSampleJson.WriteFields(json, sample);
            json.WriteString("atUtc", Diagnosis.ReportJsonWriter.Utc(startedUtc.AddSeconds(sample.Seconds)));
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WritePropertyName("injections");
        JsonSerializer.Serialize(json, r.Injections, options);
        json.WriteStartArray("waits");
        foreach (var second in r.Waits)
        {
            json.WriteStartObject();
            json.WriteNumber("fromSeconds", Math.Round(second.FromSeconds, 3));
            json.WriteNumber("monitorWait", second.MonitorWait);
            json.WriteNumber("waitHandle", second.WaitHandle);
            json.WriteNumber("lockContention", second.LockContention);
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteNumber("evictedWaits", r.EvictedWaits);
        json.WritePropertyName("waitsOff");
        JsonSerializer.Serialize(json, r.WaitsOff, options);
        json.WriteEndObject();
    }

    private static void Onset(Utf8JsonWriter json, FlightOnset o)
    {
        json.WriteStartObject("onset");
        json.WriteNumber("spanFromSeconds", Math.Round(o.SpanFromSeconds, 3));
        Seconds(json, "lastCalmSeconds", o.LastCalmSeconds);
        Seconds(json, "queueGrowingSinceSeconds", o.QueueGrowingSinceSeconds);
        Seconds(json, "firstStarvationInjectionSeconds", o.FirstStarvationInjectionSeconds);
        json.WriteStartArray("firstWaits");
        foreach (var wait in o.FirstWaits)
        {
            json.WriteStartObject();
            json.WriteString("kind", wait.Kind.ToString());
            json.WriteNumber("firstSeconds", Math.Round(wait.FirstSeconds, 3));
            json.WriteNumber("count", wait.Count);
            json.WriteNumber("baselinePerSecond", wait.BaselinePerSecond);
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    private static void Seconds(Utf8JsonWriter json, string name, double? value)
    {
        if (value is { } v)
        {
            json.WriteNumber(name, Math.Round(v, 3));
        }
        else
        {
            json.WriteNull(name);
        }
    }
}
