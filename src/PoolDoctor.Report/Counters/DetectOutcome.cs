using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Report.Counters;

/// <summary>What `detect` reports: the verdict, when it came (seconds from attach), and the series it was drawn from.</summary>
public sealed record DetectOutcome(
    Verdict Verdict,
    double? SecondsToVerdict,
    bool TimedOut,
    int ProcessId,
    int Cores,
    IReadOnlyList<CounterSample> Samples,
    IReadOnlyList<InjectionEvent> Injections);
