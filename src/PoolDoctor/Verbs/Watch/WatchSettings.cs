using PoolDoctor.Analysis.Triggers;
using PoolDoctor.Collect.Attach;
using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// How `watch` runs: the target, where reports go (<see cref="Reports"/>, one folder per report, at most
/// <see cref="Keep"/>), at most one report per <see cref="Cooldown"/>, the extra <see cref="Triggers"/> besides a
/// Starving verdict, and whether it waits for the target again when it exits (<see cref="Reattach"/>: -n and
/// --diagnostic-port; a pid never comes back).
/// </summary>
internal sealed record WatchSettings(TargetSpec Target, string Reports, TimeSpan Cooldown, int Keep, IReadOnlyList<Trigger> Triggers, bool Reattach)
{
    public static readonly TimeSpan DefaultCooldown = TimeSpan.FromMinutes(10);
    public const int DefaultKeep = 20;

    /// <summary>The trigger must stay quiet this long before an episode is over.</summary>
    public TimeSpan Calm { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>Counter history kept for the detector and the report's timeline.</summary>
    public TimeSpan History { get; init; } = TimeSpan.FromMinutes(5);

    /// <summary>How often a target that is not there (yet, again) is looked for.</summary>
    public TimeSpan RetryEvery { get; init; } = TimeSpan.FromSeconds(2);

    public TimeSpan StackWindow { get; init; } = DiagnoseLoopSettings.DefaultStackWindow;

    public IReadOnlyList<string> UserCodePrefixes { get; init; } = [];

    /// <summary>`--dump TYPE`: a core dump beside each episode's report (so as rate-limited and pruned as the reports).</summary>
    public DumpKind? Dump { get; init; }

    /// <summary>Keep each capture's trace and speedscope file in its report's folder (off with --no-evidence); pruned with the folder.</summary>
    public bool KeepEvidence { get; init; }

    /// <summary>`--flight-recorder DURATION`: keep this much evidence before each trigger (null: off).</summary>
    public TimeSpan? FlightRecorder { get; init; }
}
