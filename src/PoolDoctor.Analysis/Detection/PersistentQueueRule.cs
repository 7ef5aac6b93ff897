using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Analysis.Detection.VerdictRules;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Work stays queued for most of the window, even if the queue length swings, while CPU idles and the pool
/// completes far fewer items a second than are queued: pool threads wait synchronously behind a bottleneck (one
/// worker thread, a small semaphore, a pool of two connections). The runtime stays silent here: items complete,
/// so the gate thread sees progress, and hill climbing sees no gain in more threads. docs/detection.md, rule 5.
/// </summary>
internal static class PersistentQueueRule
{
    public static Verdict? Judge(IReadOnlyList<CounterSample> samples, WindowFigures f, int cores, DetectionThresholds t)
    {
        if (f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        var window = PersistentStretch(samples, f.Latest.Seconds - t.WindowSeconds, QueueFloor(cores, t), t);
        if (window is null)
        {
            return null;
        }
        var floor = QueueFloor(cores, t);
        var queued = window.Count(s => s.QueueLength >= floor);
        // Means over the stretch, not the latest sample: a queue that swings from 13 to 120 still holds seconds of work.
        // Queue length over completed/s is how long an item sits in the queue (Little's law): milliseconds in a healthy pool.
        var meanQueue = window.Average(s => s.QueueLength);
        // A session's first sample may count the items of an unknown span (4,155/s, then 0-14/s with 120 queued).
        var meanCompleted = CounterSample.WithRates(window).Average(s => s.CompletedPerSecond);
        // Little's law reads a mean; the queue delay, where it was measured, is the wait itself.
        var measuredDelay = MedianQueueDelay(window);
        var delayWaits = measuredDelay >= t.PersistentQueueDelayMs;
        if (meanQueue < t.PersistentQueueSecondsOfWork * meanCompleted && !delayWaits)
        {
            return null;
        }
        // Runnable workers with work queued were judged CPU-bound before this rule (cpu-saturated), on the last two
        // samples; the stretch's mean is only reported.
        var runnable = window.Where(s => s.RunnableWorkers is not null).Select(s => s.RunnableWorkers!.Value).ToList();
        double? meanRunnable = runnable.Count > 0 ? runnable.Average() : null;
        var span = f.Latest.Seconds - window[0].Seconds;
        var evidence = new List<string>
        {
            Invariant($"queue {(queued == window.Count ? "never drains" : "stays up")}: {window.Min(s => s.QueueLength):0}-{window.Max(s => s.QueueLength):0} over {span + 1:0} s, at or above {floor:0} (= {t.QueuePerCore:0.#}x {cores} core(s)) in {queued} of {window.Count} samples"),
            meanCompleted > 0
                ? Invariant($"completed {meanCompleted:0}/s for {meanQueue:0} queued on average: a queued item waits about {meanQueue / meanCompleted:0.#} s for a thread")
                    + (delayWaits ? Invariant($" (measured: {measuredDelay:0} ms, the median of the samples' p50 queue delay)") : "")
                : "completed 0/s: queued items are not being served",
            Invariant($"CPU {f.CpuPercent:0}% of {cores} core(s)")
                + (meanRunnable is { } r ? Invariant($", {r:0.0} pool thread(s) runnable on average") : "")
                + ": threads wait, they do not compute",
            Threads(f, cores),
        };
        evidence.Add(f.StarvationInjections + f.CooperativeBlockingInjections == 0
            ? "no starvation injection (items keep completing, so the runtime adds no threads): pool threads are blocked behind a bottleneck"
            : Invariant($"{f.StarvationInjections + f.CooperativeBlockingInjections} starvation/cooperative-blocking injection(s) in the window did not drain the queue: pool threads are blocked behind a bottleneck"));
        var confidence = 0.7
            + Math.Min(0.1, 0.03 * Math.Max(0, window.Count - t.PersistentQueueMinSamples))
            + (meanRunnable is not null ? 0.05 : 0)
            + (queued == window.Count ? 0.05 : 0);
        return new Verdict(VerdictKind.Starving, Round(confidence), VerdictRule.PersistentQueue, evidence, f.Latest.Seconds);
    }

    private static double? MedianQueueDelay(List<CounterSample> window)
    {
        var delays = window.Where(s => s.QueueDelayMs is { Items: > 0 }).Select(s => s.QueueDelayMs!.P50).Order().ToList();
        // Half the stretch at least: a single measured sample is an anecdote.
        return delays.Count * 2 >= window.Count && delays.Count > 0 ? delays[delays.Count / 2] : null;
    }

    /// <summary>
    /// The longest run of recent samples (within the window, at least the minimum count) in which the queue was at or
    /// above the floor in the required share of samples; null when there is none. Looking at the trailing run rather
    /// than the whole window lets the rule fire as soon as load has kept the queue up for the minimum count, without
    /// waiting for the idle seconds before the load to leave the window.
    /// </summary>
    private static List<CounterSample>? PersistentStretch(IReadOnlyList<CounterSample> samples, double from, double floor, DetectionThresholds t)
    {
        var window = samples.Where(s => s.Seconds >= from).ToList();
        var minimum = Math.Max(1, t.PersistentQueueMinSamples);
        for (var skip = 0; window.Count - skip >= minimum; skip++)
        {
            var stretch = window.Skip(skip).ToList();
            if (stretch[^1].Seconds - stretch[0].Seconds < t.PersistentQueueMinSpanSeconds)
            {
                break; // shorter stretches only get shorter
            }
            if (stretch.Count(s => s.QueueLength >= floor) >= Math.Ceiling(t.PersistentQueueShare * stretch.Count))
            {
                return stretch;
            }
        }
        return null;
    }
}
