using System.Text.Json;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Report.Counters;

/// <summary>
/// The JSON shapes of `counters --format json` (one object per interval, one line each) and `detect --format json`.
/// Key names are an external interface; docs/cli.md lists them.
/// </summary>
public static class CounterJson
{
    private static readonly JsonWriterOptions Compact = new() { Indented = false };
    private static readonly JsonWriterOptions Pretty = new() { Indented = true };

    public static string IntervalLine(CounterInterval interval, Verdict? verdict)
    {
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, Compact))
        {
            json.WriteStartObject();
            json.WriteNumber("schemaVersion", JsonSchemaVersion.Current);
            CounterSampleJson.WriteFields(json, interval.Sample);
            json.WritePropertyName("injections");
            InjectionEventJson.WriteArray(json, interval.Injections);
            json.WriteStartObject("injectionsPerSecond");
            foreach (var group in InjectionRates.PerReason(interval.Injections))
            {
                json.WriteNumber(group.Key.ToString(), group.Value);
            }
            json.WriteEndObject();
            if (verdict is not null)
            {
                json.WritePropertyName("verdict");
                VerdictJson.WriteObject(json, verdict);
            }
            json.WriteEndObject();
        }
        return System.Text.Encoding.UTF8.GetString(buffer.ToArray());
    }

    public static string DetectResult(DetectOutcome outcome)
    {
        using var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, Pretty))
        {
            json.WriteStartObject();
            json.WriteNumber("schemaVersion", JsonSchemaVersion.Current);
            VerdictJson.WriteFields(json, outcome.Verdict, "verdict");
            if (outcome.SecondsToVerdict is { } seconds)
            {
                json.WriteNumber("secondsToVerdict", Math.Round(seconds, 2));
            }
            else
            {
                json.WriteNull("secondsToVerdict");
            }
            json.WriteBoolean("timedOut", outcome.TimedOut);
            json.WriteNumber("processId", outcome.ProcessId);
            json.WriteNumber("cores", outcome.Cores);
            json.WriteNumber("watchStartedSeconds", Math.Round(outcome.WatchStartedSeconds, 3));
            json.WriteStartArray("samples");
            foreach (var sample in outcome.Samples)
            {
                CounterSampleJson.Write(json, sample);
            }
            json.WriteEndArray();
            json.WritePropertyName("injections");
            InjectionEventJson.WriteArray(json, outcome.Injections);
            json.WriteEndObject();
        }
        return System.Text.Encoding.UTF8.GetString(buffer.ToArray());
    }
}
