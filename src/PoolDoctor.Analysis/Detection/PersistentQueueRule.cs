using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Analysis.Detection.VerdictRuleChain;
using static PoolDoctor.Model.Verdicts.EvidenceUnit;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Work stays queued for most of the window, even if the queue length swings, while CPU idles and the pool
/// completes far fewer items a second than are queued: pool threads wait synchronously behind a bottleneck (one
/// worker thread, a small semaphore, a pool of two connections). The runtime stays silent here: items complete,
/// so the gate thread sees progress, and hill climbing sees no gain in more threads. docs/detection.md, rule 5.
/// </summary>
internal static class PersistentQueueRule
{
    /// <param name="caughtUp">Set when the stretch held work but the latest sample moved it in milliseconds: why no Starving.</param>
    public static Verdict? Judge(IReadOnlyList<CounterSample> samples, WindowFigures f, int cores, DetectionThresholds t, out EvidenceItem? caughtUp)
    {
        caughtUp = null;
        if (f.CpuPercent >= t.CpuLowPercent)
        {
            return null;
        }
        // Workers the scheduler shows neither running nor waiting for a CPU while work stays queued are blocked, by the
        // runtime's own account: the stretch may then be one half-second step (QuietWorkers), not three samples.
        var minSpan = QuietWorkers.Hold(f.Latest, t) ? t.QuietWorkersMinSpanSeconds : t.PersistentQueueMinSpanSeconds;
        var window = PersistentStretch(samples, f.Latest.Seconds - t.WindowSeconds, QueueFloor(cores, t), minSpan, t);
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
        // Starving says work waits for a thread. The stretch's means can hold a burst the pool has since worked off (a
        // load's first second on a crowded host: 126 queued while JIT and the neighbours held the CPUs, then 4 queued at
        // 241 done/s with a 3 ms delay), when its threads were runnable, not blocked. Threads parked on a lock leave
        // half-second lulls too (a Lazy<T> convoy: 9 queued, 1 ms, between 300 ms waits), but none of them runnable.
        var waitNow = WaitNowSeconds(f.Latest);
        if (waitNow < t.PersistentQueueNowSeconds && RunnableShare(window) >= t.CaughtUpRunnableShare)
        {
            caughtUp = CaughtUp(window, f.Latest, waitNow, t);
            return null;
        }
        // Runnable workers with work queued were judged CPU-bound before this rule (cpu-saturated), on the last two
        // samples; the stretch's mean is only reported.
        var runnable = window.Where(s => s.RunnableWorkers is not null).Select(s => s.RunnableWorkers!.Value).ToList();
        double? meanRunnable = runnable.Count > 0 ? runnable.Average() : null;
        var span = f.Latest.Seconds - window[0].Seconds;
        var injections = f.StarvationInjections + f.CooperativeBlockingInjections;
        var evidence = new List<EvidenceItem>
        {
            // The stretch's lowest queue against the floor, its highest and how many samples met the floor beside it;
            // the window is the stretch's span plus the interval its first sample covers.
            new(queued == window.Count ? EvidenceKind.QueueNeverDrains : EvidenceKind.QueueStaysUp)
            {
                Figure = window.Min(s => s.QueueLength),
                Unit = Items,
                Threshold = floor,
                ThresholdPerCore = t.QueuePerCore,
                Cores = cores,
                WindowSeconds = span + 1,
                Figures =
                [
                    new(FigureName.QueueMax, window.Max(s => s.QueueLength), Items),
                    new(FigureName.SamplesAtOrAbove, queued, Samples),
                    new(FigureName.Samples, window.Count, Samples),
                ],
            },
            meanCompleted > 0
                ? new(EvidenceKind.QueueWaitMean)
                {
                    Figure = meanQueue / meanCompleted,
                    Unit = Seconds,
                    Threshold = t.PersistentQueueSecondsOfWork,
                    WindowSeconds = span + 1,
                    Figures =
                    [
                        new(FigureName.Completed, meanCompleted, ItemsPerSecond),
                        new(FigureName.QueueMean, meanQueue, Items),
                        .. delayWaits ? [new EvidenceFigure(FigureName.MeasuredDelayMs, measuredDelay!.Value, Milliseconds)] : Array.Empty<EvidenceFigure>(),
                    ],
                }
                : Facts.NothingCompleted(),
            Facts.Cpu(EvidenceKind.CpuThreadsWait, f, cores) with
            {
                Figures = meanRunnable is { } r ? [new(FigureName.RunnableThreads, r, EvidenceUnit.Threads)] : [],
            },
            Facts.Threads(f, cores),
            Facts.Injections(injections == 0 ? EvidenceKind.NoInjectionBottleneck : EvidenceKind.InjectionsDidNotDrain, injections, InjectionWindow(f)),
        };
        var confidence = 0.7
            + Math.Min(0.1, 0.03 * Math.Max(0, window.Count - t.PersistentQueueMinSamples))
            + (meanRunnable is not null ? 0.05 : 0)
            + (queued == window.Count ? 0.05 : 0);
        return new Verdict(VerdictKind.Starving, Round(confidence), VerdictRule.PersistentQueue, evidence, f.Latest.Seconds);
    }

    /// <summary>How long an item queued at the latest sample waits: Little's law on that sample, or its measured p50 if longer.</summary>
    private static double WaitNowSeconds(CounterSample latest)
    {
        var little = latest.CompletedPerSecond > 0
            ? latest.QueueLength / latest.CompletedPerSecond
            : latest.QueueLength > 0 ? double.PositiveInfinity : 0;
        var measured = latest.QueueDelayMs is { Items: > 0 } d ? d.P50 / 1000 : 0;
        return Math.Max(little, measured);
    }

    /// <summary>The pool's threads runnable (on a CPU or waiting for one) over the stretch, as a share of its threads; 0 where not read.</summary>
    private static double RunnableShare(List<CounterSample> window)
    {
        var read = window.Where(s => s.RunnableWorkers is not null && s.ThreadCount > 0).ToList();
        return read.Count > 0 ? read.Average(s => s.RunnableWorkers!.Value) / read.Average(s => (double)s.ThreadCount) : 0;
    }

    private static EvidenceItem CaughtUp(List<CounterSample> window, CounterSample latest, double waitNow, DetectionThresholds t) =>
        new(EvidenceKind.QueueCaughtUp)
        {
            Figure = waitNow,
            Unit = Seconds,
            Threshold = t.PersistentQueueNowSeconds,
            WindowSeconds = latest.Seconds - window[0].Seconds + 1,
            Figures =
            [
                new(FigureName.QueueMax, window.Max(s => s.QueueLength), Items),
                new(FigureName.QueuedNow, latest.QueueLength, Items),
                new(FigureName.Completed, latest.CompletedPerSecond, ItemsPerSecond),
                .. latest.QueueDelayMs is { Items: > 0 } d ? [new EvidenceFigure(FigureName.MeasuredDelayMs, d.P50, Milliseconds)] : Array.Empty<EvidenceFigure>(),
            ],
        };

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
    private static List<CounterSample>? PersistentStretch(
        IReadOnlyList<CounterSample> samples, double from, double floor, double minSpan, DetectionThresholds t)
    {
        var window = samples.Where(s => s.Seconds >= from).ToList();
        var minimum = Math.Max(1, t.PersistentQueueMinSamples);
        for (var skip = 0; window.Count - skip >= minimum; skip++)
        {
            var stretch = window.Skip(skip).ToList();
            if (stretch[^1].Seconds - stretch[0].Seconds < minSpan)
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
