using PoolDoctor.Model.Counters;

namespace PoolDoctor.Analysis.Detection;

/// <summary>The figures every rule reads, computed once per sample over the detector's window.</summary>
internal sealed record WindowFigures(
    CounterSample Latest,
    CounterSample? Previous,
    double WindowSpanSeconds,
    double CpuPercent,
    double? RunnableWorkers,
    double RunnableSpanSeconds,
    double RecentQueueMean,
    double RecentCompletedMean,
    double ThreadSlopePerSecond,
    int StarvationInjections,
    int CooperativeBlockingInjections,
    int StarvationSincePrevious,
    int CooperativeBlockingSincePrevious,
    int BlockingInjectionsEver,
    InjectionEvent? LastBlockingInjection)
{
    /// <summary>Threads the pool added over the span the runnable mean covers (a thread is runnable while it starts).</summary>
    public double ThreadGrowthOverRunnableSpan { get; init; }

    /// <summary>The workers' mean time on a CPU and in the run queue over the samples the runnable mean covers; null where unread.</summary>
    public WorkerScheduling? Scheduling { get; init; }

    /// <summary>
    /// The span of samples the scheduler's figures (runnable threads, time on a CPU) must cover before a rule reads them: on
    /// a crowded machine half a second of blocked threads' wake-ups, or of start-up compiling, looks like computing.
    /// </summary>
    public const double MinSchedulingSpanSeconds = 0.75;

    /// <summary>
    /// The typical measured queue delay over the samples the runnable mean covers: each sample's p50, weighted by the
    /// items it measured; null where no sample measured one.
    /// </summary>
    public double? RunnableSpanDelayP50Ms { get; init; }

    /// <summary>
    /// The threads the pool ran over the samples <see cref="Scheduling"/> averages, the ones those figures were shared
    /// among: each sample's thread count, capped by the pool's thread goal over its interval (the last adjustment's
    /// newWorkerThreadCount, weighted by time). A pool that has just grown from 3 to 13 ran on 3 for most of the span,
    /// and one whose hill climbing swings its goal between 2 and 8 keeps the threads above the goal parked, not working.
    /// </summary>
    public double ScheduledThreadsMean { get; init; }

    public static WindowFigures Compute(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, DetectionThresholds thresholds)
    {
        var latest = samples[^1];
        var previous = samples.Count > 1 ? samples[^2] : null;
        var from = latest.Seconds - thresholds.WindowSeconds;
        var window = samples.Where(s => s.Seconds >= from).ToList();
        var first = window[0];
        var span = latest.Seconds - first.Seconds;
        var slope = span > 0 ? (latest.ThreadCount - first.ThreadCount) / span : 0;
        // CPU over the last three seconds (three samples at 1 s, six at 0.5 s): one busy second is not saturation.
        var lastThree = Trailing(samples, 3);
        // Queue and completions over the same samples, for Little's law: a first sample's queue is real but its rates are
        // not, and the burst of a load that has just begun (124 queued at 0.1 s on a healthy async route) is no wait.
        var measured = CounterSample.WithRates(lastThree);
        var cpu = measured.Average(s => s.CpuPercent);
        // Runnable workers over the last two seconds, when the collector could read thread states.
        var runnableSamples = Trailing(samples, 2).Where(s => s.RunnableWorkers is not null).ToList();
        double? runnable = runnableSamples.Count > 0 ? runnableSamples.Average(s => s.RunnableWorkers!.Value) : null;
        // The time those samples cover: from the sample before the first of them (each sample is the mean of the interval
        // that ends at it), so one early sample in a 1 s series still covers its interval.
        var before = runnableSamples.Count > 0 ? samples.LastOrDefault(s => s.Seconds < runnableSamples[0].Seconds) : null;
        var runnableSpan = runnableSamples.Count > 0 ? latest.Seconds - (before ?? runnableSamples[0]).Seconds : 0;
        var runnableGrowth = runnableSamples.Count > 0 ? latest.ThreadCount - (before ?? runnableSamples[0]).ThreadCount : 0;
        var scheduledSamples = runnableSamples.Where(s => s.WorkerScheduling is not null).ToList();
        var scheduled = scheduledSamples.Select(s => s.WorkerScheduling!).ToList();
        var scheduling = scheduled.Count > 0
            ? new WorkerScheduling(
                scheduled.Average(w => w.OnCpuMsPerSecond), scheduled.Average(w => w.RunQueueMsPerSecond), scheduled.Average(w => w.TimeslicesPerSecond))
            : null;
        var recent = injections.Where(i => i.Seconds > from && i.Seconds <= latest.Seconds + 0.5).ToList();
        var blockingEver = injections.Where(IsBlockingInjection).ToList();
        // "Since the previous sample" reaches half a second further back: an injection and the sample that
        // follows it can be stamped a few milliseconds apart in either order.
        var since = (previous?.Seconds ?? latest.Seconds - 1) - 0.5;
        var fresh = recent.Where(i => i.Seconds > since).ToList();
        return new WindowFigures(
            latest,
            previous,
            span,
            cpu,
            runnable,
            runnableSpan,
            measured.Average(s => s.QueueLength),
            measured.Average(s => s.CompletedPerSecond),
            slope,
            recent.Count(i => i.Reason == AdjustmentReason.Starvation),
            recent.Count(i => i.Reason == AdjustmentReason.CooperativeBlocking),
            fresh.Count(i => i.Reason == AdjustmentReason.Starvation),
            fresh.Count(i => i.Reason == AdjustmentReason.CooperativeBlocking),
            blockingEver.Count,
            blockingEver.Count > 0 ? blockingEver[^1] : null)
        {
            ThreadGrowthOverRunnableSpan = runnableGrowth,
            Scheduling = scheduling,
            RunnableSpanDelayP50Ms = WeightedDelayP50(runnableSamples),
            ScheduledThreadsMean = scheduledSamples.Count > 0 ? scheduledSamples.Average(s => RunningThreads(samples, injections, s)) : 0,
        };
    }

    private static double? WeightedDelayP50(List<CounterSample> samples)
    {
        var measured = samples.Where(s => s.QueueDelayMs is { Items: > 0 }).Select(s => s.QueueDelayMs!).ToList();
        return measured.Count > 0 ? measured.Sum(d => d.P50 * d.Items) / measured.Sum(d => d.Items) : null;
    }

    /// <summary>
    /// The samples of the last <paramref name="seconds"/> seconds, counted as whole intervals (the latest and the ones
    /// less than that many intervals before it): the last N samples at a 1 s interval, 2N at 0.5 s.
    /// </summary>
    internal static List<CounterSample> Trailing(IReadOnlyList<CounterSample> samples, double seconds)
    {
        var latest = samples[^1].Seconds;
        var picked = samples.Where(s => latest - s.Seconds < seconds - 0.25).ToList();
        return picked.Count > 0 ? picked : [samples[^1]];
    }

    // The time-weighted mean of min(thread count, goal) over the interval that ends at the sample; with no adjustment
    // before it, the goal is unknown and the count stands.
    private static double RunningThreads(IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, CounterSample sample)
    {
        var before = samples.LastOrDefault(s => s.Seconds < sample.Seconds);
        var from = before?.Seconds ?? sample.Seconds - 0.5;
        var span = sample.Seconds - from;
        if (span <= 0)
        {
            return sample.ThreadCount;
        }
        var goal = injections.LastOrDefault(i => i.Seconds <= from)?.NewWorkerThreadCount;
        var at = from;
        var sum = 0.0;
        foreach (var change in injections.Where(i => i.Seconds > from && i.Seconds < sample.Seconds))
        {
            sum += Math.Min(sample.ThreadCount, goal ?? sample.ThreadCount) * (change.Seconds - at);
            goal = change.NewWorkerThreadCount;
            at = change.Seconds;
        }
        sum += Math.Min(sample.ThreadCount, goal ?? sample.ThreadCount) * (sample.Seconds - at);
        return sum / span;
    }

    public static bool IsBlockingInjection(InjectionEvent e) =>
        e.Reason is AdjustmentReason.Starvation or AdjustmentReason.CooperativeBlocking;
}
