using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Runs.Stacks;

/// <summary>
/// Wires a snapshot through the analysis (cleaning, user code, pool threads, grouping, culprits) into what the writers
/// print. A trace without samples (dotnet-trace's waithandle recording) is read through its wait spans (the analysis
/// does that), and the report says so.
/// </summary>
internal static class StackReportBuilder
{
    public static StackReport Build(string source, StackSnapshot snapshot, StackDisplay display)
    {
        var analysis = CulpritAnalyzer.Analyze(snapshot, new CulpritOptions
        {
            UserCodePrefixes = display.UserCodePrefixes,
            IncludeAllThreads = display.All,
        });
        var groups = analysis.Groups
            .Select(g => new DisplayGroup(g, [.. g.Frames.Select(f => new DisplayFrame(f.Name, f.IsUser))]))
            .ToList();
        var threads = DisplayThreadBuilder.From(analysis);
        return new StackReport(source, snapshot, groups, RepositoryPaths.Annotate(analysis.Culprits), threads, display.All, display.Raw)
        {
            Note = analysis.FromWaits
                ? "the trace has no sample-profiler samples: stacks come from wait events, weighted by blocked milliseconds"
                : null,
        };
    }
}
