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
                WriteVerdict(json, verdict);
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
            json.WriteString("verdict", outcome.Verdict.Kind.ToString());
            json.WriteNumber("confidence", outcome.Verdict.Confidence);
            json.WriteString("rule", outcome.Verdict.Rule);
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
            json.WriteStartArray("evidence");
            foreach (var line in outcome.Verdict.Evidence)
            {
                json.WriteStringValue(line);
            }
            json.WriteEndArray();
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

    private static void WriteVerdict(Utf8JsonWriter json, Verdict verdict)
    {
        json.WriteStartObject();
        json.WriteString("kind", verdict.Kind.ToString());
        json.WriteNumber("confidence", verdict.Confidence);
        json.WriteString("rule", verdict.Rule);
        json.WriteStartArray("evidence");
        foreach (var line in verdict.Evidence)
        {
            json.WriteStringValue(line);
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }
}
