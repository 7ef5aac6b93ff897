namespace PoolDoctor.Model.Advice;

/// <summary>
/// The stop-gap: a minimum worker-thread count computed from the blocked pool threads observed, how it was
/// computed (<see cref="Formula"/>), the documented ways to set it, and the warning that it only buys time.
/// </summary>
public sealed record MinThreadsAdvice(
    int Value,
    int PeakBlockedThreads,
    int Cores,
    string BlockedSource,
    string Formula,
    IReadOnlyList<ConfigSetting> Settings,
    string Warning)
{
    /// <summary>The demand B was sized from (null: no demand was measured and B is the peak of blocked threads seen).</summary>
    public DemandEstimate? Demand { get; init; }

    /// <summary>The stop-gap beside the MinThreads the target was configured with (null: none was read).</summary>
    public string? Configured { get; init; }
}
