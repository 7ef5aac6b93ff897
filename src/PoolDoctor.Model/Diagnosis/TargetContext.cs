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
}
