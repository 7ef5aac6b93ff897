using System.Globalization;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Verbs.Counters;

/// <summary>One counter `counters --counters` can select: its name (dotnet-counters' System.Runtime name where one exists) and its value.</summary>
internal sealed record CounterColumn(string Name, string Label, Func<CounterInterval, double?> Value, string Format);

/// <summary>
/// `counters --counters NAME,...` and `--format csv`: the counters a user picks, in the order given, as text or as
/// CSV columns. Names follow dotnet-counters (`threadpool-queue-length`, `cpu-usage`, ...), and a
/// `System.Runtime[...]` wrapper as dotnet-counters writes it is accepted too.
/// </summary>
internal static class CounterColumns
{
    public static readonly IReadOnlyList<CounterColumn> All =
    [
        new("threadpool-thread-count", "threads", i => i.Sample.ThreadCount, "0"),
        new("threadpool-queue-length", "queue", i => i.Sample.QueueLength, "0"),
        new("threadpool-completed-items-count", "completed/s", i => i.Sample.CompletedPerSecond, "0"),
        new("cpu-usage", "cpu%", i => i.Sample.CpuPercent, "0.0"),
        new("runnable-pool-threads", "runnable", i => i.Sample.RunnableWorkers, "0.0"),
        new("queue-delay-p50", "queueDelayP50Ms", i => i.Sample.QueueDelayMs?.P50, "0"),
        new("queue-delay-p99", "queueDelayP99Ms", i => i.Sample.QueueDelayMs?.P99, "0"),
        new("queue-delay-max", "queueDelayMaxMs", i => i.Sample.QueueDelayMs?.Max, "0"),
        new("monitor-lock-contention-count", "locks/s", i => i.Sample.LockContentionsPerSecond, "0"),
        new("gc-heap-size", "heapMB", i => i.Sample.GcHeapMb, "0.0"),
        new("thread-injections", "injections", i => i.Injections.Count, "0"),
    ];

    /// <summary>Every counter when <paramref name="text"/> is null; else the named ones, or a usage error naming the unknown one.</summary>
    public static IReadOnlyList<CounterColumn> Parse(string? text)
    {
        if (text is null)
        {
            return All;
        }
        var list = text.Trim();
        if (list.StartsWith("System.Runtime[", StringComparison.OrdinalIgnoreCase) && list.EndsWith(']'))
        {
            list = list["System.Runtime[".Length..^1];
        }
        var picked = new List<CounterColumn>();
        foreach (var name in list.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            var column = All.FirstOrDefault(c => c.Name.Equals(name, StringComparison.OrdinalIgnoreCase))
                ?? throw new UsageException($"--counters: unknown counter '{name}' (one of {string.Join(", ", All.Select(c => c.Name))})");
            if (!picked.Contains(column))
            {
                picked.Add(column);
            }
        }
        return picked.Count > 0 ? picked : throw new UsageException($"--counters: name at least one counter (one of {string.Join(", ", All.Select(c => c.Name))})");
    }

    /// <summary>One text line of the picked counters and the verdict, as `counters` prints when its output is redirected.</summary>
    public static string Line(IReadOnlyList<CounterColumn> columns, CounterInterval interval, VerdictKind verdict, double confidence) =>
        Invariant($"t={interval.Sample.Seconds:0.0}s ")
        + string.Concat(columns.Select(c => $"{c.Label}={Text(c, interval, "n/a")} "))
        + Invariant($"verdict={verdict}({confidence:0.00})");

    /// <summary>The terminal's block rows for the picked counters.</summary>
    public static IEnumerable<string> Rows(IReadOnlyList<CounterColumn> columns, CounterInterval interval) =>
        columns.Select(c => $"  {c.Name,-34}{Text(c, interval, "n/a"),10}");

    public static string CsvHeader(IReadOnlyList<CounterColumn> columns) =>
        string.Join(',', ["seconds", .. columns.Select(c => c.Name), "verdict", "confidence"]);

    /// <summary>One CSV row: numbers in the invariant culture, an empty cell where the counter was not measured.</summary>
    public static string CsvRow(IReadOnlyList<CounterColumn> columns, CounterInterval interval, VerdictKind verdict, double confidence) =>
        string.Join(',', [
            interval.Sample.Seconds.ToString("0.0##", CultureInfo.InvariantCulture),
            .. columns.Select(c => Text(c, interval, "")),
            verdict.ToString(),
            confidence.ToString("0.00", CultureInfo.InvariantCulture),
        ]);

    private static string Text(CounterColumn column, CounterInterval interval, string missing) =>
        column.Value(interval) is { } value ? value.ToString(column.Format, CultureInfo.InvariantCulture) : missing;

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
