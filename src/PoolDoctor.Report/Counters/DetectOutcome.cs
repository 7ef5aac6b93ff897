using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Report.Counters;

/// <summary>
/// What `detect` reports: the verdict, when it came (seconds from the start of `detect`, attach included), and the
/// series it was drawn from. Sample and injection times count from <see cref="WatchStartedSeconds"/>.
/// </summary>
public sealed record DetectOutcome(
    Verdict Verdict,
    double? SecondsToVerdict,
    bool TimedOut,
    int ProcessId,
    int Cores,
    double WatchStartedSeconds,
    IReadOnlyList<CounterSample> Samples,
    IReadOnlyList<InjectionEvent> Injections);
