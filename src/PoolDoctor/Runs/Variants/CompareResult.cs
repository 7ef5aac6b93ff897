using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Runs.Variants;

/// <summary>The rows of the variants that ran (all of them unless <see cref="End"/> says why not).</summary>
internal sealed record CompareResult(IReadOnlyList<CompareRow> Rows, RunEnd End);
