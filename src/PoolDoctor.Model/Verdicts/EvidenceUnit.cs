namespace PoolDoctor.Model.Verdicts;

/// <summary>The unit of an evidence figure and its threshold; report.json writes <see cref="EvidenceUnitNames.Name"/>.</summary>
public enum EvidenceUnit
{
    None,
    Percent,
    Threads,
    ThreadsPerSecond,
    /// <summary>Work items (a queue length).</summary>
    Items,
    ItemsPerSecond,
    Injections,
    Samples,
    Seconds,
    Milliseconds,
    /// <summary>Milliseconds per second of wall time, summed over threads (two threads always on a CPU: 2,000 ms/s).</summary>
    MillisecondsPerSecond,
}

public static class EvidenceUnitNames
{
    public static string Name(this EvidenceUnit unit) => unit switch
    {
        EvidenceUnit.None => "",
        EvidenceUnit.Percent => "%",
        EvidenceUnit.Threads => "threads",
        EvidenceUnit.ThreadsPerSecond => "threads/s",
        EvidenceUnit.Items => "items",
        EvidenceUnit.ItemsPerSecond => "items/s",
        EvidenceUnit.Injections => "injections",
        EvidenceUnit.Samples => "samples",
        EvidenceUnit.Seconds => "s",
        EvidenceUnit.Milliseconds => "ms",
        EvidenceUnit.MillisecondsPerSecond => "ms/s",
        _ => throw new ArgumentOutOfRangeException(nameof(unit), unit, null),
    };
}
