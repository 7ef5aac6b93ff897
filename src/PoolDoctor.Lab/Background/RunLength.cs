namespace PoolDoctor.Lab.Background;

/// <summary>How long a route-triggered background run lasts: `?seconds=N`, bounded so a forgotten run always ends.</summary>
public static class RunLength
{
    public const int DefaultSeconds = 30;
    public const int MaxSeconds = 120;

    public static TimeSpan From(int? seconds) => TimeSpan.FromSeconds(Math.Clamp(seconds ?? DefaultSeconds, 1, MaxSeconds));

    public static string Describe(string route, bool started, TimeSpan runFor) =>
        started ? $"success:{route} started for {runFor.TotalSeconds:0} s" : $"success:{route} already running";
}
