using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Targets;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Model.Diagnosis;

/// <summary>
/// One diagnosis, everything the report writers show: the target, the counter timeline and the runtime's
/// injection events, the verdict (with its moment, <see cref="Verdict.AtSeconds"/>), the culprits and grouped
/// stacks from the capture, the advice, the before/after rows when a comparison ran, and whether the run was
/// cut short (<see cref="Partial"/>, with <see cref="PartialReason"/>) so a reader knows what is missing.
/// </summary>
public sealed record DiagnosisReport(
    TargetProcess Target,
    DateTimeOffset StartedUtc,
    double DurationSeconds,
    IReadOnlyList<CounterSample> Samples,
    IReadOnlyList<InjectionEvent> Injections,
    Verdict Verdict,
    StackCapture? Capture,
    IReadOnlyList<Culprit> Culprits,
    IReadOnlyList<StackGroup> Groups,
    AdviceSet Advice,
    IReadOnlyList<CompareRow> Compare,
    bool Partial,
    string? PartialReason)
{
    /// <summary>The pool's MinThreads as the target was configured outside code (environment, runtimeconfig.json); null when neither set it.</summary>
    public ConfiguredMinThreads? MinThreads { get; init; }

    /// <summary>The target's runtime, CPU and pool settings and the tool's version and command line; null when not gathered.</summary>
    public RunContext? Context { get; init; }

    /// <summary>The load the tool drove during the watch, with its per-second series; null when it drove none.</summary>
    public Load.DrivenLoad? Load { get; init; }

    /// <summary>The capture's trace and speedscope files beside the report; null when none were kept (no capture, `--no-evidence`).</summary>
    public KeptCaptureFiles? Evidence { get; init; }

    /// <summary>
    /// The command that rewrites the first culprit (`dotnet-pooldoctor fix DIR/report.json --project … [--verify --load URL
    /// -- COMMAND]`), as the run that wrote the report knows it; null when there is no fix to run or the report's path is
    /// not known. Shown in report.html and the terminal summary, not kept in report.json (its paths are this machine's).
    /// </summary>
    public string? FixCommand { get; init; }

    /// <summary>`watch --flight-recorder`: the evidence kept for the seconds before the trigger, with the onset; null otherwise.</summary>
    public Flight.FlightRecording? Flight { get; init; }
}
