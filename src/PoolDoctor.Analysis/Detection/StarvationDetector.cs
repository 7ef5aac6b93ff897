using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// Decides from counter samples and the runtime's injection events whether the thread pool is starving,
/// compensating for blocked threads, CPU bound or healthy. Feed it live (<see cref="Add(CounterInterval)"/>)
/// or give it a recorded series (<see cref="Timeline"/>). Pure: no clock, no I/O; time is the samples' Seconds.
/// The rules and why they are what they are: docs/detection.md.
/// </summary>
public sealed class StarvationDetector
{
    private readonly List<CounterSample> _samples = [];
    private readonly List<InjectionEvent> _injections = [];
    private readonly DetectionThresholds _thresholds;

    public StarvationDetector(int cores, DetectionThresholds? thresholds = null)
    {
        Cores = Math.Max(1, cores);
        _thresholds = thresholds ?? DetectionThresholds.Default;
        Current = new Verdict(VerdictKind.Inconclusive, 0, VerdictRule.WarmingUp, [new(EvidenceKind.NoSampleYet) { Figure = 0, Unit = EvidenceUnit.Samples }], null);
    }

    public int Cores { get; }

    public Verdict Current { get; private set; }

    public IReadOnlyList<CounterSample> Samples => _samples;

    public IReadOnlyList<InjectionEvent> Injections => _injections;

    public Verdict Add(CounterInterval interval)
    {
        foreach (var injection in interval.Injections)
        {
            Add(injection);
        }
        return Add(interval.Sample);
    }

    public void Add(InjectionEvent injection) => _injections.Add(injection);

    public Verdict Add(CounterSample sample)
    {
        _samples.Add(sample);
        Current = VerdictRuleChain.Judge(_samples, _injections, Cores, _thresholds);
        return Current;
    }

    /// <summary>
    /// Drops samples and injections older than <paramref name="beforeSeconds"/>, so a watch that runs for days holds a
    /// bounded series; keep more than the rules' window (<see cref="DetectionThresholds.WindowSeconds"/>) or verdicts change.
    /// </summary>
    public void Forget(double beforeSeconds)
    {
        _samples.RemoveAll(s => s.Seconds < beforeSeconds);
        _injections.RemoveAll(i => i.Seconds < beforeSeconds);
    }

    /// <summary>The verdict after each sample of a recorded series, injections merged in by time.</summary>
    public static IReadOnlyList<Verdict> Timeline(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, int cores, DetectionThresholds? thresholds = null)
    {
        var detector = new StarvationDetector(cores, thresholds);
        var pending = new Queue<InjectionEvent>(injections.OrderBy(i => i.Seconds));
        var verdicts = new List<Verdict>(samples.Count);
        foreach (var sample in samples.OrderBy(s => s.Seconds))
        {
            while (pending.Count > 0 && pending.Peek().Seconds <= sample.Seconds)
            {
                detector.Add(pending.Dequeue());
            }
            verdicts.Add(detector.Add(sample));
        }
        return verdicts;
    }

    /// <summary>The first verdict that names a problem (what `detect` stops at), or null when none did.</summary>
    public static Verdict? FirstFinding(
        IReadOnlyList<CounterSample> samples, IReadOnlyList<InjectionEvent> injections, int cores, DetectionThresholds? thresholds = null) =>
        Timeline(samples, injections, cores, thresholds).FirstOrDefault(IsFinding);

    /// <summary>True for the verdicts that end a `detect`: everything but Healthy and Inconclusive.</summary>
    public static bool IsFinding(Verdict verdict) =>
        verdict.Kind is not (VerdictKind.Healthy or VerdictKind.Inconclusive);
}
