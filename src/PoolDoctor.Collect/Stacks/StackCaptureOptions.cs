namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// How long to sample. <see cref="Once"/> keeps one sample per thread, the way dotnet-stack reports, but still samples a
/// short window because a single 1 ms tick often sees nothing on a busy machine.
/// </summary>
public sealed record StackCaptureOptions(TimeSpan Duration, bool Once = false)
{
    public static readonly TimeSpan DefaultDuration = TimeSpan.FromSeconds(1);
    public static readonly TimeSpan OnceWindow = TimeSpan.FromMilliseconds(100);

    /// <summary>Rundown names every loaded method at stop; on a big app it can take long, so this bounds the wait.</summary>
    public TimeSpan StopTimeout { get; init; } = TimeSpan.FromSeconds(60);

    public TimeSpan Window => Once ? OnceWindow : Duration;
}
