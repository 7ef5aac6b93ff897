using System.Diagnostics;

namespace PoolDoctor.Metrics;

/// <summary>
/// What the watch itself costs, read at each scrape or push: an SRE who runs it for days checks its CPU and memory
/// beside the service's, and a soak reads its GC heap without opening a diagnostic session into it. Its own series
/// carry a `pooldoctor.watch.` prefix because the `dotnet.*` ones describe the watched target.
/// </summary>
public readonly record struct OwnProcess(double CpuSeconds, long ResidentBytes, long GcHeapBytes, long GcCommittedBytes)
{
    public static OwnProcess Now()
    {
        using var self = Process.GetCurrentProcess();
        // The heap as the last collection left it: what the watch keeps alive, not the allocation budget in use.
        var gc = GC.GetGCMemoryInfo();
        return new OwnProcess(self.TotalProcessorTime.TotalSeconds, self.WorkingSet64, gc.HeapSizeBytes, gc.TotalCommittedBytes);
    }
}
