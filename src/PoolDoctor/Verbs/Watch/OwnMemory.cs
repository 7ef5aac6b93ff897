using System.Runtime.InteropServices;

namespace PoolDoctor.Verbs.Watch;

/// <summary>
/// Gives the memory a stack capture used back to the OS once its report is written, so a watch that runs for weeks
/// stays at its idle size instead of keeping each capture's high-water mark. Two heaps hold it: the GC's (a compacting
/// collection decommits what it freed; the capture's own reader holds the trace in managed memory) and glibc's malloc
/// heap, where TraceEvent's live reader (the counter, queue-delay and request sessions) puts every block it reads
/// (Marshal.AllocHGlobal, freed when the block is parsed). glibc keeps freed chunks in the arena of the thread that
/// used them, and the readers run on whichever thread is free, so each arena keeps its own free pages: malloc_trim(0)
/// hands those back. bench/RESULTS.md "soak-watch" has the measurements (taken when captures still used TraceEvent).
/// </summary>
internal static class OwnMemory
{
    /// <summary>Collects, lets finalizers free their native buffers, then trims malloc's free pages.</summary>
    /// <returns>True when the native heap was trimmed (Linux with glibc); false where there is no malloc_trim.</returns>
    public static bool Release()
    {
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        // TraceEvent frees some native memory (event metadata) in finalizers: let them run before the trim.
        GC.WaitForPendingFinalizers();
        return TrimNativeHeap();
    }

    /// <summary>Returns the free pages of every malloc arena to the OS; false where the C library has no malloc_trim (musl, macOS, Windows).</summary>
    public static bool TrimNativeHeap()
    {
        if (!OperatingSystem.IsLinux())
        {
            return false;
        }
        try
        {
            _ = MallocTrim(0);
            return true;
        }
        catch (Exception e) when (e is EntryPointNotFoundException or DllNotFoundException)
        {
            return false;
        }
    }

    // glibc: int malloc_trim(size_t pad). Since glibc 2.8 it releases free pages inside every arena, not only the top.
    [DllImport("libc", EntryPoint = "malloc_trim", ExactSpelling = true)]
    private static extern int MallocTrim(nuint pad);
}
