using PoolDoctor.Analysis.Advice;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Runs;

/// <summary>Turns what a watch collected into the report record, with the advice the evidence supports.</summary>
internal static class DiagnosisReportBuilder
{
    /// <param name="runtimeVersion">The version the runtime gave when asked (AttachedTarget.RuntimeVersion); else read from its maps.</param>
    public static DiagnosisReport Build(TargetProcess target, DateTimeOffset startedUtc, DiagnosisOutcome outcome, IReadOnlyList<CompareRow>? compare = null,
        Version? runtimeVersion = null)
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
            AdviceBuilder.Build(outcome.Verdict.Kind, culprits, outcome.Samples, outcome.Cores),
            compare ?? [],
            outcome.IsPartial,
            outcome.IsPartial ? outcome.EndMessage : null)
        {
            Context = new RunContext(
                outcome.Context ?? TargetContextReader.Read(target.ProcessId, target.CommandLine, runtimeVersion, outcome.Samples.Count > 0 ? outcome.Cores : null),
                ToolIdentity.Current()),
        };
    }
}
