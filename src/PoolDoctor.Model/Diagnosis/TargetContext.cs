namespace PoolDoctor.Model.Diagnosis;

/// <summary>
/// What the target ran with, as far as it can be read from outside: its runtime version, the processor count its
/// runtime sees, the cgroup CPU limit (cores, fractional), the pool's worker-thread bounds and its command line.
/// A value that could not be read is null, and <see cref="Unknown"/> says why (key: the JSON name of the field), so a
/// report never shows an invented figure.
/// </summary>
public sealed record TargetContext(
    string? RuntimeVersion,
    int? ProcessorCount,
    double? CpuLimit,
    int? MinWorkerThreads,
    int? MaxWorkerThreads,
    string? CommandLine)
{
    /// <summary>Per null field (by its JSON name): the one-line reason it is null.</summary>
    public IReadOnlyDictionary<string, string> Unknown { get; init; } = new Dictionary<string, string>();

    /// <summary>Per known pool bound (by its JSON name): where the value was read or how it was inferred.</summary>
    public IReadOnlyDictionary<string, string> Sources { get; init; } = new Dictionary<string, string>();

    /// <summary>The bounds the target was started with outside code (environment, runtimeconfig.json), read while it
    /// ran; what code did to them afterwards is resolved with the app's IL (<c>Analysis/Advice/PoolBounds</c>).</summary>
    public Targets.ConfiguredMinThreads? ConfiguredMin { get; init; }

    /// <inheritdoc cref="ConfiguredMin"/>
    public Targets.ConfiguredMinThreads? ConfiguredMax { get; init; }

    /// <summary>The bounds read from the pool's fields in the target's memory while it ran; null when they could not be
    /// (<see cref="Unknown"/>'s <c>liveLimits</c> says why).</summary>
    public Targets.PoolLimits? LimitsRead { get; init; }

    /// <summary>The bounds the runtime last reported during the watch (its ThreadPoolMinMaxThreads event: a
    /// SetMinThreads/SetMaxThreads call, or the pool's start); null when it reported none.</summary>
    public Targets.PoolLimits? LimitsSet { get; init; }
}
