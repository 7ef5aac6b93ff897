using PoolDoctor.Analysis.Advice;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Runs;

/// <summary>Turns what a watch collected into the report record, with the advice the evidence supports.</summary>
internal static class DiagnosisReportBuilder
{
    /// <param name="loadConcurrency">The connections of the load this run drove (null when it drove none).</param>
    public static DiagnosisReport Build(
        TargetProcess target, DateTimeOffset startedUtc, DiagnosisOutcome outcome, IReadOnlyList<CompareRow>? compare = null, int? loadConcurrency = null)
    {
        var culprits = outcome.Stacks?.Culprits ?? [];
        return new DiagnosisReport(
            target,
            startedUtc,
            outcome.Seconds,
            outcome.Samples,
            outcome.Injections,
            outcome.Verdict,
            outcome.Stacks?.Capture,
            culprits,
            outcome.Stacks?.Groups ?? [],
            AdviceBuilder.Build(outcome.Verdict.Kind, culprits, outcome.Samples, outcome.Cores, outcome.Stacks?.Capture.WindowSeconds ?? 0, loadConcurrency),
            compare ?? [],
            outcome.IsPartial,
            outcome.IsPartial ? outcome.EndMessage : null);
    }
}
