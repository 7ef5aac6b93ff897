using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Stacks;

/// <summary>
/// Builds stacks for rule tests from raw frame names copied from recorded traces; the fixture-based tests cover
/// whole captures, these pin one rule each.
/// </summary>
internal static class SyntheticStacks
{
    /// <summary>The bottom of a pool worker running a work item, as recorded (root last).</summary>
    public static readonly string[] PoolDispatch =
    [
        "System.Threading.ThreadPoolWorkQueue.Dispatch()",
        "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()",
        "System.Threading.Thread.StartCallback()",
    ];

    public static readonly string[] IdleWorker =
    [
        "System.Threading.LowLevelLifoSemaphore.WaitNative(class Microsoft.Win32.SafeHandles.SafeWaitHandle,int32)",
        "System.Threading.LowLevelLifoSemaphore.WaitForSignal(int32)",
        "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()",
        "System.Threading.Thread.StartCallback()",
    ];

    public static IReadOnlyList<StackFrame> Frames(params string[] rawLeafFirst) =>
        rawLeafFirst.Select(raw => new StackFrame(ModuleOf(raw), raw)).ToArray();

    /// <summary>A pool thread running <paramref name="rawLeafFirst"/> as a work item.</summary>
    public static ThreadStack Pool(int threadId, int samples, params string[] rawLeafFirst) =>
        new(threadId, Frames([.. rawLeafFirst, .. PoolDispatch]), samples);

    public static ThreadStack Idle(int threadId, int samples) => new(threadId, Frames(IdleWorker), samples);

    public static StackSnapshot Snapshot(IEnumerable<ThreadStack> stacks, IEnumerable<WaitSpan>? waits = null) =>
        new(1234, 1.0, stacks.ToArray(), waits?.ToArray() ?? []);

    private static string ModuleOf(string raw) =>
        raw.StartsWith("System.", StringComparison.Ordinal) || raw.StartsWith("Interop", StringComparison.Ordinal) ? "System.Private.CoreLib"
        : raw.StartsWith("PoolDoctor.Lab", StringComparison.Ordinal) ? "PoolDoctor.Lab"
        : raw.StartsWith("Npgsql", StringComparison.Ordinal) ? "Npgsql"
        : raw.StartsWith("Microsoft.AspNetCore", StringComparison.Ordinal) ? "Microsoft.AspNetCore.Server.Kestrel.Core"
        : "App";
}
