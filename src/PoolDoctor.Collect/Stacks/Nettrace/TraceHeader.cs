namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>The Trace object at the start of a nettrace stream: the clock and the traced process.</summary>
internal sealed record TraceHeader(long SyncTimeQpc, long QpcFrequency, int PointerSize, int ProcessId)
{
    /// <summary>Milliseconds since the session started, as TraceEvent counts them (earlier stamps count as the start).</summary>
    public double RelativeMSec(long qpc) => (Math.Max(qpc, SyncTimeQpc) - SyncTimeQpc) * 1000.0 / QpcFrequency;
}
