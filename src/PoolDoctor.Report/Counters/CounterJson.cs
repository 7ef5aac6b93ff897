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
            WriteSampleFields(json, interval.Sample);
            json.WritePropertyName("injections");
            WriteInjections(json, interval.Injections);
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
                json.WriteStartObject();
                WriteSampleFields(json, sample);
                json.WriteEndObject();
            }
            json.WriteEndArray();
            json.WritePropertyName("injections");
            WriteInjections(json, outcome.Injections);
            json.WriteEndObject();
        }
        return System.Text.Encoding.UTF8.GetString(buffer.ToArray());
    }

    /// <summary>The one writer of a counter sample's keys (counters lines, detect's samples, report.json's samples).</summary>
    internal static void WriteSampleFields(Utf8JsonWriter json, CounterSample s)
    {
        json.WriteNumber("seconds", Math.Round(s.Seconds, 3));
        json.WriteNumber("threadCount", Math.Round(s.ThreadCount, 2));
        json.WriteNumber("queueLength", Math.Round(s.QueueLength, 2));
        json.WriteNumber("completedPerSecond", Math.Round(s.CompletedPerSecond, 2));
        json.WriteNumber("cpuPercent", Math.Round(s.CpuPercent, 2));
        json.WriteNumber("cores", s.Cores);
        json.WriteNumber("lockContentionsPerSecond", Math.Round(s.LockContentionsPerSecond, 2));
        json.WriteNumber("gcHeapMb", Math.Round(s.GcHeapMb, 3));
        if (s.RunnableWorkers is { } runnable)
        {
            json.WriteNumber("runnableWorkers", Math.Round(runnable, 2));
        }
        if (s.QueueDelayMs is { } delay)
        {
            json.WriteStartObject("queueDelayMs");
            json.WriteNumber("p50", delay.P50);
            json.WriteNumber("p99", delay.P99);
            json.WriteNumber("max", delay.Max);
            json.WriteNumber("items", delay.Items);
            json.WriteEndObject();
        }
    }

    private static void WriteInjections(Utf8JsonWriter json, IEnumerable<InjectionEvent> injections)
    {
        json.WriteStartArray();
        foreach (var e in injections)
        {
            json.WriteStartObject();
            json.WriteNumber("seconds", Math.Round(e.Seconds, 3));
            json.WriteNumber("newWorkerThreadCount", e.NewWorkerThreadCount);
            json.WriteString("reason", e.Reason.ToString());
            json.WriteNumber("averageThroughput", Math.Round(e.AverageThroughput, 3));
            json.WriteEndObject();
        }
        json.WriteEndArray();
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
