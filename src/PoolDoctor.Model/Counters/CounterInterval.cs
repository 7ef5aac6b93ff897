namespace PoolDoctor.Model.Counters;

/// <summary>
/// One refresh of a live watch: the interval's counters and the injections the runtime announced since the
/// previous interval, so a consumer sees every event exactly once and in order.
/// </summary>
public sealed record CounterInterval(CounterSample Sample, IReadOnlyList<InjectionEvent> Injections);
