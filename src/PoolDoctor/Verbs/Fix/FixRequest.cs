using PoolDoctor.Fix.StopGap;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Verbs.Fix;

/// <summary>What `fix` was asked, once its options were checked.</summary>
/// <param name="Culprit">1-based: which of the report's culprits; null when --culprit was not given.</param>
/// <param name="Finding">1-based: which of the census's findings; null when --finding was not given.</param>
/// <param name="StopGap">The stop-gap's form, or null without --stop-gap.</param>
/// <param name="MinThreads">--min-threads, or null for the report's value.</param>
/// <param name="Verify">The verify run's settings, or null without --verify.</param>
internal sealed record FixRequest(
    string Report,
    string? Project,
    int? Culprit,
    int? Finding,
    string? Output,
    bool Apply,
    bool Rename,
    StopGapForm? StopGap,
    int? MinThreads,
    VerifySettings? Verify);

/// <summary>The compare `--verify` runs (one variant: the --load URL; the command after '--').</summary>
internal sealed record VerifySettings(CompareOptions Compare, bool ShowChildIo);
