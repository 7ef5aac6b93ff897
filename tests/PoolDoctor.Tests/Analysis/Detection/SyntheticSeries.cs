using PoolDoctor.Model.Counters;

namespace PoolDoctor.Tests.Analysis.Detection;

/// <summary>Builds hand-made series, one sample per second, for the edge cases no lab run produces on this machine.</summary>
internal sealed class SyntheticSeries(int cores)
{
    private readonly List<CounterSample> _samples = [];
    private readonly List<InjectionEvent> _injections = [];

    public IReadOnlyList<CounterSample> Samples => _samples;

    public IReadOnlyList<InjectionEvent> Injections => _injections;

    public int Cores => cores;

    public double Now => _samples.Count == 0 ? 0 : _samples[^1].Seconds;

    public double? Runnable { get; set; }

    public WorkerScheduling? Scheduling { get; set; }

    public SyntheticSeries Second(double threads, double queue, double cpu, double completed = 1000, params AdjustmentReason[] injections)
    {
        var at = Now + 1;
        foreach (var (reason, i) in injections.Select((r, i) => (r, i)))
        {
            _injections.Add(new InjectionEvent(at - 0.5 + 0.1 * i, (int)threads, reason, completed));
        }
        _samples.Add(new CounterSample(at, threads, queue, completed, cpu, cores, 0, 12, Runnable, WorkerScheduling: Scheduling));
        return this;
    }

    public SyntheticSeries Repeat(int seconds, double threads, double queue, double cpu, double completed = 1000)
    {
        for (var i = 0; i < seconds; i++)
        {
            Second(threads, queue, cpu, completed);
        }
        return this;
    }
}
