using System.Globalization;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Verdicts;

namespace PoolDoctor.Report.Counters;

/// <summary>Text renderings of the live view: a block for a terminal, a single line per interval when redirected.</summary>
public static class CounterText
{
    public static IReadOnlyList<string> Block(int processId, string name, CounterInterval interval, Verdict verdict)
    {
        var s = interval.Sample;
        var lines = new List<string>
        {
            Invariant($"PoolDoctor counters  process {processId} ({name})  t={s.Seconds:0.0}s   (Ctrl+C to stop)"),
            "",
            Invariant($"  ThreadPool thread count        {s.ThreadCount,10:0}"),
            Invariant($"  ThreadPool queue length        {s.QueueLength,10:0}"),
            Invariant($"  ThreadPool completed items/s   {s.CompletedPerSecond,10:0}"),
            Invariant($"  CPU usage (% of {s.Cores} cores)       {s.CpuPercent,10:0.0}"),
            Invariant($"  Runnable pool threads (mean)   {(s.RunnableWorkers is { } r ? r.ToString("0.0", CultureInfo.InvariantCulture) : "n/a"),10}"),
            "  Queue delay ms (p50/p99/max)   " + Delay(s.QueueDelayMs),
            Invariant($"  Lock contentions/s             {s.LockContentionsPerSecond,10:0}"),
            Invariant($"  GC heap size (MB)              {s.GcHeapMb,10:0.0}"),
            "  Thread injections/s            " + Injections(interval.Injections),
            "",
            VerdictLine(verdict),
        };
        lines.AddRange(EvidenceText.Lines(verdict).Select(e => "    - " + e));
        return lines;
    }

    public static string Line(CounterInterval interval, Verdict verdict)
    {
        var s = interval.Sample;
        return Invariant($"t={s.Seconds:0.0}s threads={s.ThreadCount:0} queue={s.QueueLength:0} completed/s={s.CompletedPerSecond:0} cpu={s.CpuPercent:0.0}% cores={s.Cores} runnable={(s.RunnableWorkers is { } r ? r.ToString("0.0", CultureInfo.InvariantCulture) : "n/a")} queueDelayMs={Delay(s.QueueDelayMs)} locks/s={s.LockContentionsPerSecond:0} heap={s.GcHeapMb:0.0}MB injections/s={Injections(interval.Injections)} verdict={verdict.Kind}({verdict.Confidence:0.00})");
    }

    /// <summary>p50/p99/max in ms, or n/a when the pool was too busy to measure cheaply (or the events were refused).</summary>
    public static string Delay(QueueDelay? delay) =>
        delay is { } d ? Invariant($"{d.P50:0}/{d.P99:0}/{d.Max:0}") : "n/a";

    public static string VerdictLine(Verdict verdict) =>
        Invariant($"Verdict: {verdict.Kind} (confidence {verdict.Confidence:0.00}, rule {verdict.Rule.Name()})");

    private static string Injections(IReadOnlyList<InjectionEvent> injections)
    {
        var rates = InjectionRates.PerReason(injections);
        return rates.Count == 0 ? "0" : string.Join(' ', rates.Select(r => $"{r.Key}={r.Value}"));
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
