using Microsoft.Diagnostics.Runtime;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// Reads the pool's MinThreads/MaxThreads from the running target's memory: ClrMD opens the process without suspending
/// it (no ptrace stop; pages are read through /proc/PID/mem) and reads the portable pool's own fields, as it does in a
/// dump. What it costs the target is measured in bench/RESULTS.md ("pool limits read live"); the work (loading the
/// runtime's DAC, finding the pool's static) is the tool's. The figure is what is set now, whatever set it; where it came
/// from is for <c>Analysis/Advice/PoolBounds</c> to say.
/// </summary>
public static class LivePoolLimits
{
    /// <summary>The bounds, or null with the one-line reason (no pid, no access, no runtime, fields not found).</summary>
    public static PoolLimits? Read(int pid, out string why)
    {
        try
        {
            return ReadCore(pid, out why);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            why = $"reading the pool's fields from process {pid}'s memory failed: {e.Message.ReplaceLineEndings(" ")}";
            return null;
        }
    }

    private static PoolLimits? ReadCore(int pid, out string why)
    {
        if (pid <= 0)
        {
            why = "no pid to read the pool's fields from (attached through a diagnostic port)";
            return null;
        }
        using var attached = DataTarget.AttachToProcess(pid, suspend: false);
        // The attached target owns ClrMD's reader (and disposes it); this one reads through it and never throws.
        using var target = new DataTarget(new ExitTolerantReader(attached.DataReader), attached.Options);
        if (target.ClrVersions.FirstOrDefault() is not { } clr)
        {
            why = $"no .NET runtime found in process {pid}'s memory map";
            return null;
        }
        // A live runtime's own folder holds its DAC (ClrMD's lookup by build id found none here: "Could not find matching DAC").
        var dac = Path.Combine(Path.GetDirectoryName(clr.ModuleInfo.FileName) ?? "", "libmscordaccore.so");
        if (!File.Exists(dac))
        {
            why = $"the runtime's debugging library is not beside it ({dac} does not exist)";
            return null;
        }
        using var runtime = clr.CreateRuntime(dac, ignoreMismatch: true);
        if (runtime.ThreadPool is not { MaxThreads: > 0 } pool)
        {
            why = $"the thread pool's fields were not found in process {pid} (its pool had not started, or this runtime keeps them elsewhere)";
            return null;
        }
        why = "";
        return new PoolLimits(pool.MinThreads, pool.MaxThreads, DateTimeOffset.UtcNow, PoolLimitsReadingKind.Memory);
    }
}
