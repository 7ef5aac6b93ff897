using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Runs.Variants;

/// <summary>The result of loading one variant: its table row, and what watching the target saw (null when nothing was watched).</summary>
internal sealed record VariantResult(CompareRow Row, LoadSummary Load, DiagnoseLoopOutcome? Watch)
{
    /// <summary>The variant's load as a report shows it beside the pool's series.</summary>
    public DrivenLoad Driven(int connections) => new([Row.Url], connections, Load.Series ?? []);
}
