using PoolDoctor.Fix.Diff;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Runs.Verify;

/// <summary>
/// What `fix --verify` was asked: the project, the patch to verify (edits of the original tree's files), and the
/// compare of the two builds — the same load and the command that runs a build, started in each copied project's folder.
/// </summary>
internal sealed record VerifyRequest(string ProjectFile, IReadOnlyList<FileEdit> Patch, CompareOptions Compare)
{
    /// <summary>
    /// The original's run when it is already known (`demo` diagnosed the same code under the same load moments before):
    /// then only the patched copy is built and run.
    /// </summary>
    public VariantResult? KnownBefore { get; init; }
}
