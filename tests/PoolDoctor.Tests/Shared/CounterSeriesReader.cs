using System.Text.Json;
using PoolDoctor.Model.Counters;

namespace PoolDoctor.Tests.Shared;

/// <summary>
/// Parses `counters --format json` output (or a fixture recorded with it) back into model records. Only the tests read
/// that output back (the tool writes it), so the reader lives with them.
/// </summary>
public static class CounterSeriesReader
{
    public static CounterSeries Parse(IEnumerable<string> lines)
    {
        var samples = new List<CounterSample>();
        var injections = new List<InjectionEvent>();
        foreach (var line in lines)
        {
            if (string.IsNullOrWhiteSpace(line))
            {
                continue;
            }
            using var document = JsonDocument.Parse(line);
            var root = document.RootElement;
            samples.Add(new CounterSample(
                root.GetProperty("seconds").GetDouble(),
                root.GetProperty("threadCount").GetDouble(),
                root.GetProperty("queueLength").GetDouble(),
                root.GetProperty("completedPerSecond").GetDouble(),
                root.GetProperty("cpuPercent").GetDouble(),
                root.GetProperty("cores").GetInt32(),
                root.GetProperty("lockContentionsPerSecond").GetDouble(),
                root.GetProperty("gcHeapMb").GetDouble(),
                root.TryGetProperty("runnableWorkers", out var runnable) ? runnable.GetDouble() : null,
                root.TryGetProperty("queueDelayMs", out var delay) ? ReadQueueDelay(delay) : null,
                root.TryGetProperty("firstInterval", out var first) && first.GetBoolean(),
                root.TryGetProperty("workerScheduling", out var sched) ? ReadScheduling(sched) : null,
                root.TryGetProperty("currentConnections", out var connections) ? connections.GetDouble() : null,
                root.TryGetProperty("currentRequests", out var requests) ? requests.GetDouble() : null));
            if (root.TryGetProperty("injections", out var list))
            {
                foreach (var e in list.EnumerateArray())
                {
                    injections.Add(new InjectionEvent(
                        e.GetProperty("seconds").GetDouble(),
                        e.GetProperty("newWorkerThreadCount").GetInt32(),
                        Enum.Parse<AdjustmentReason>(e.GetProperty("reason").GetString()!),
                        e.GetProperty("averageThroughput").GetDouble()));
                }
            }
        }
        return new CounterSeries(samples, injections);
    }

    private static WorkerScheduling ReadScheduling(JsonElement e) => new(
        e.GetProperty("onCpuMsPerSecond").GetDouble(),
        e.GetProperty("runQueueMsPerSecond").GetDouble(),
        e.GetProperty("timeslicesPerSecond").GetDouble());

    private static QueueDelay ReadQueueDelay(JsonElement e) => new(
        e.GetProperty("p50").GetDouble(),
        e.GetProperty("p99").GetDouble(),
        e.GetProperty("max").GetDouble(),
        e.TryGetProperty("items", out var items) ? items.GetInt32() : 0,
        e.TryGetProperty("queuedBeforeSession", out var before) ? before.GetInt32() : 0);
}
