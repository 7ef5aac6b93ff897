using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Flight;

namespace PoolDoctor.Analysis.Flight;

/// <summary>
/// Reads the onset of an episode off a flight recording: the run of samples ending at the trigger whose queue was above
/// the core count (the detector's own queue threshold), the sample before it (the last calm one), and, from one second
/// before that calm sample to the trigger, the first starvation injection and, for each kind of wait, where its burst
/// began: the first wait of the first <see cref="BurstSeconds"/> in which more threads began it than
/// max(<see cref="MinBurst"/>, its background rate per second before the span). A kind that stays at its background
/// level (a timer's wait, once a second) is not listed: it did not appear, it was always there. Pure: the same window
/// gives the same onset.
/// </summary>
public static class OnsetFinder
{
    /// <summary>How far before the last calm sample the span starts: the first threads block before the queue shows it.</summary>
    public const double Lead = 1.0;

    /// <summary>The span a burst is counted over: short, so a background wait just before the burst is not taken for its start.</summary>
    public const double BurstSeconds = 0.5;

    /// <summary>A burst is more than this many waits of one kind within <see cref="BurstSeconds"/>, whatever the background.</summary>
    public const int MinBurst = 3;

    public static FlightOnset Find(IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, IReadOnlyList<WaitEvent> waits,
        double fromSeconds, double triggerSeconds, int cores)
    {
        var upToTrigger = samples.Where(s => s.Seconds <= triggerSeconds).ToList();
        double? growing = null;
        double? calm = null;
        for (var i = upToTrigger.Count - 1; i >= 0; i--)
        {
            if (upToTrigger[i].QueueLength > cores)
            {
                growing = upToTrigger[i].Seconds;
                continue;
            }
            calm = upToTrigger[i].Seconds;
            break;
        }
        var spanFrom = calm is { } c ? Math.Max(fromSeconds, c - Lead) : fromSeconds;
        var starvation = injections
            .Where(i => i.Seconds >= spanFrom && i.Seconds <= triggerSeconds && i.Reason is AdjustmentReason.Starvation or AdjustmentReason.CooperativeBlocking)
            .Select(i => (double?)i.Seconds)
            .FirstOrDefault();
        var baselineSeconds = spanFrom - fromSeconds;
        var firstWaits = new List<FirstWait>();
        foreach (var kind in Enum.GetValues<WaitKind>())
        {
            var before = waits.Count(w => w.Kind == kind && w.Seconds < spanFrom);
            var baseline = baselineSeconds >= 1 ? Math.Round(before / baselineSeconds, 2) : 0;
            var inSpan = waits.Where(w => w.Kind == kind && w.Seconds >= spanFrom && w.Seconds <= triggerSeconds).Select(w => w.Seconds).Order().ToList();
            if (BurstStart(inSpan, Math.Max(MinBurst, baseline)) is { } start)
            {
                firstWaits.Add(new FirstWait(kind, start, inSpan.Count(s => s >= start), baseline));
            }
        }
        firstWaits.Sort((a, b) => a.FirstSeconds.CompareTo(b.FirstSeconds));
        return new FlightOnset(spanFrom, calm, growing, starvation, firstWaits);
    }

    // The first time t (a wait's own) such that more than `threshold` waits begin in [t, t + BurstSeconds).
    private static double? BurstStart(IReadOnlyList<double> sorted, double threshold)
    {
        var end = 0;
        for (var i = 0; i < sorted.Count; i++)
        {
            end = Math.Max(end, i);
            while (end < sorted.Count && sorted[end] < sorted[i] + BurstSeconds)
            {
                end++;
            }
            if (end - i > threshold)
            {
                return sorted[i];
            }
        }
        return null;
    }
}
