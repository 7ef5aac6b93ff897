using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Shared;

/// <summary>A recorded diagnosis kept under fixtures/doctor: the counter series, injection events, culprits and groups one run saw.</summary>
public sealed record DoctorFixture(
    int Cores,
    VerdictKind Verdict,
    IReadOnlyList<CounterSample> Samples,
    IReadOnlyList<InjectionEvent> Injections,
    IReadOnlyList<Culprit> Culprits,
    IReadOnlyList<StackGroup> Groups);
