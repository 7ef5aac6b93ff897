using System.Text.Json;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Report.Counters;

/// <summary>
/// The one JSON shape of a counter sample, for `counters` lines, `detect --format json` and report.json alike, so a key
/// added here reaches every output. Keys are an interface (docs/cli.md, docs/report.md).
/// </summary>
public sealed class CounterSampleJson() : WriteOnlyJsonConverter<CounterSample>("counter samples are read back only by the tests (CounterSeriesReader)")
{
    /// <summary>The sample's keys, into an object the caller has opened (a `counters` line adds its own beside them).</summary>
    public static void WriteFields(Utf8JsonWriter json, CounterSample s)
    {
        JsonNumbers.Write(json, "seconds", Math.Round(s.Seconds, 3));
        JsonNumbers.Write(json, "threadCount", Math.Round(s.ThreadCount, 2));
        JsonNumbers.Write(json, "queueLength", Math.Round(s.QueueLength, 2));
        JsonNumbers.Write(json, "completedPerSecond", Math.Round(s.CompletedPerSecond, 2));
        JsonNumbers.Write(json, "cpuPercent", Math.Round(s.CpuPercent, 2));
        json.WriteNumber("cores", s.Cores);
        JsonNumbers.Write(json, "lockContentionsPerSecond", Math.Round(s.LockContentionsPerSecond, 2));
        JsonNumbers.Write(json, "gcHeapMb", Math.Round(s.GcHeapMb, 3));
        if (s.RunnableWorkers is { } runnable)
        {
            JsonNumbers.Write(json, "runnableWorkers", Math.Round(runnable, 2));
        }
        if (s.WorkerScheduling is { } sched)
        {
            json.WriteStartObject("workerScheduling");
            JsonNumbers.Write(json, "onCpuMsPerSecond", Math.Round(sched.OnCpuMsPerSecond, 1));
            JsonNumbers.Write(json, "runQueueMsPerSecond", Math.Round(sched.RunQueueMsPerSecond, 1));
            JsonNumbers.Write(json, "timeslicesPerSecond", Math.Round(sched.TimeslicesPerSecond, 1));
            json.WriteEndObject();
        }
        if (s.QueueDelayMs is { } delay)
        {
            json.WriteStartObject("queueDelayMs");
            json.WriteNumber("p50", delay.P50);
            json.WriteNumber("p99", delay.P99);
            json.WriteNumber("max", delay.Max);
            json.WriteNumber("items", delay.Items);
            if (delay.QueuedBeforeSession > 0)
            {
                json.WriteNumber("queuedBeforeSession", delay.QueuedBeforeSession);
            }
            json.WriteEndObject();
        }
        if (s.CurrentConnections is { } connections)
        {
            JsonNumbers.Write(json, "currentConnections", Math.Round(connections, 2));
        }
        if (s.CurrentRequests is { } requests)
        {
            JsonNumbers.Write(json, "currentRequests", Math.Round(requests, 2));
        }
        if (s.FirstInterval)
        {
            json.WriteBoolean("firstInterval", true);
        }
    }

    public static void Write(Utf8JsonWriter json, CounterSample sample)
    {
        json.WriteStartObject();
        WriteFields(json, sample);
        json.WriteEndObject();
    }

    public override void Write(Utf8JsonWriter writer, CounterSample value, JsonSerializerOptions options) => Write(writer, value);
}
