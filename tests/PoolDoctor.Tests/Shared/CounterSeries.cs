using PoolDoctor.Model.Counters;

namespace PoolDoctor.Tests.Shared;

/// <summary>A recorded series: the samples and injections read back from `counters --format json` lines.</summary>
public sealed record CounterSeries(IReadOnlyList<CounterSample> Samples, IReadOnlyList<InjectionEvent> Injections)
{
    public int Cores => Samples.Count > 0 ? Samples[0].Cores : 0;
}
