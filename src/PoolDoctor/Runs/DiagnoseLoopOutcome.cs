using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Runs;

/// <summary>Everything one watch of a target collected, kept even when it ended early.</summary>
internal sealed record DiagnoseLoopOutcome(
    int Cores,
    double Seconds,
    IReadOnlyList<CounterSample> Samples,
    IReadOnlyList<InjectionEvent> Injections,
    Verdict Verdict,
    StackFindings? Stacks,
    DiagnoseLoopEnd End,
    string EndMessage)
{
    public bool IsPartial => End is DiagnoseLoopEnd.Interrupted or DiagnoseLoopEnd.TargetExited or DiagnoseLoopEnd.Failed;

    /// <summary>The target's context, read when the watch began (the target may be gone when the report is written).</summary>
    public TargetContext? Context { get; init; }
}
