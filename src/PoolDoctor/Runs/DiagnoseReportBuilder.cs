using PoolDoctor.Analysis.Advice;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Runs;

/// <summary>Turns what a watch collected into the report record, with the advice the evidence supports.</summary>
internal static class DiagnoseReportBuilder
{
    /// <param name="loadConcurrency">The connections of the load this run drove (null when it drove none).</param>
    /// <param name="runtimeVersion">The version the runtime gave when asked (AttachedTarget.RuntimeVersion); else read from its maps.</param>
    public static DiagnosisReport Build(
        TargetProcess target, DateTimeOffset startedUtc, DiagnoseLoopOutcome outcome, IReadOnlyList<CompareRow>? compare = null,
        int? loadConcurrency = null, ConfiguredMinThreads? minThreads = null, Version? runtimeVersion = null)
    {
        var culprits = outcome.Stacks?.Culprits ?? [];
        var context = PoolBounds.Resolve(
            WithConfiguredMinimum(
                outcome.Context ?? TargetContextReader.Read(target.ProcessId, target.CommandLine, runtimeVersion, outcome.Samples.Count > 0 ? outcome.Cores : null),
                minThreads),
            outcome.Stacks?.PoolSetters);
        // A pool that keeps up past its blocked threads: the verdict says whose threads and what keeps it ahead.
        var threads = outcome.Samples.Count > 0 ? outcome.Samples[^1].ThreadCount : 0;
        var verdict = CompensationNote.Describe(outcome.Verdict, culprits, PoolBounds.RaisedMinimum(context) ?? minThreads, threads) is { } note
            ? outcome.Verdict with { Evidence = [.. outcome.Verdict.Evidence, note] }
            : outcome.Verdict;
        return new DiagnosisReport(
            target,
            startedUtc,
            outcome.Seconds,
            outcome.Samples,
            outcome.Injections,
            verdict,
            outcome.Stacks?.Capture,
            culprits,
            outcome.Stacks?.Groups ?? [],
            WithConfigured(AdviceBuilder.Build(outcome.Verdict.Kind, culprits, outcome.Samples, outcome.Cores, outcome.Stacks?.Capture.WindowSeconds ?? 0, loadConcurrency),
                // A SetMinThreads call in the app's IL leaves the minimum unknown: the stop-gap then compares with nothing.
                context.Unknown.ContainsKey(PoolBounds.MinKey) ? null : PoolBounds.CurrentMinimum(context) ?? minThreads),
            compare ?? [],
            outcome.IsPartial,
            outcome.IsPartial ? outcome.EndMessage : null)
        {
            MinThreads = minThreads,
            Context = new RunContext(context, ToolIdentity.Current()),
        };
    }

    private static AdviceSet WithConfigured(AdviceSet advice, ConfiguredMinThreads? minThreads) =>
        advice.StopGap is { } gap ? advice with { StopGap = StopGapAgainstConfigured.Apply(gap, minThreads) } : advice;

    // The MinThreads the target was configured with outside code (environment, runtimeconfig.json) is the context's
    // minimum too, so the context block, the evidence and `target.minThreads` never disagree (PoolBounds then weighs it
    // against a SetMinThreads call in the app's IL).
    private static TargetContext WithConfiguredMinimum(TargetContext context, ConfiguredMinThreads? minThreads) =>
        minThreads is null || context.ConfiguredMin is not null ? context : context with { ConfiguredMin = minThreads };
}
