namespace PoolDoctor.Runs;

/// <summary>
/// How a diagnosis watches: at most <see cref="Duration"/>; when <see cref="StopWhenDiagnosed"/>, it ends as soon as
/// a verdict names a problem and (for a blocked pool) the stacks are captured; <see cref="StackWindow"/> is the capture.
/// </summary>
internal sealed record DiagnoseLoopSettings(TimeSpan Duration, bool StopWhenDiagnosed, TimeSpan StackWindow, bool CaptureStacks = true)
{
    public static readonly TimeSpan DefaultDuration = TimeSpan.FromSeconds(60);
    public static readonly TimeSpan DefaultStackWindow = TimeSpan.FromSeconds(1);

    /// <summary>
    /// `diagnose --min-duration`: once diagnosed, keep watching until the watch has lasted this long (at most
    /// <see cref="Duration"/>), so the report shows the pool before, during and after the verdict and not the 2 s
    /// around it. The capture still starts at the verdict; zero ends the watch as soon as the stacks are in.
    /// </summary>
    public TimeSpan MinDuration { get; init; }

    /// <summary>`diagnose`'s default <see cref="MinDuration"/>: about ten seconds of series on the report's charts.</summary>
    public static readonly TimeSpan DefaultMinDuration = TimeSpan.FromSeconds(10);

    /// <summary>`--user-code` prefixes: when given, exactly the frames they name are user code.</summary>
    public IReadOnlyList<string> UserCodePrefixes { get; init; } = [];

    /// <summary>
    /// Start the stack capture at attach, beside the counter session, instead of at the first early sign: for a target
    /// attached by pid or name with no load of ours, which is most often starving already (bench/RESULTS.md, time to culprit).
    /// </summary>
    public bool CaptureAtAttach { get; init; }

    /// <summary>Where a capture's one-line notes go (a missing runtime feature, a fallback); the CLI prints them on stderr.</summary>
    public Action<string>? Notice { get; init; }

    /// <summary>Keep the capture's trace and a speedscope file of it for the report's folder (`diagnose`; off with --no-evidence).</summary>
    public bool KeepEvidence { get; init; }
}
