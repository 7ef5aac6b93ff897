using Microsoft.Diagnostics.Runtime;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// The address ranges of the runtime's host code heaps, where the JIT puts dynamic methods (LCG). A dump often
/// cannot name a method there (its descriptor lives outside the dumped ranges), but the range itself says what it is.
/// </summary>
internal sealed class DynamicCode
{
    /// <summary>How a live trace names the module and type of dynamic methods, so the analysis treats both alike.</summary>
    public const string ModuleName = "Anonymously Hosted DynamicMethods Assembly";

    public const string MethodName = "dynamicClass.lambda_method";

    /// <summary>
    /// A dynamic method's frame name: <c>dynamicClass.lambda_method78</c> when the dump holds its descriptor (a full
    /// dump), else <see cref="MethodName"/>.
    /// </summary>
    public static string Name(string? method) => string.IsNullOrWhiteSpace(method) ? MethodName : "dynamicClass." + method;

    private readonly List<MemoryRange> _ranges;

    private DynamicCode(List<MemoryRange> ranges) => _ranges = ranges;

    public static DynamicCode Of(ClrRuntime runtime)
    {
        try
        {
            return new DynamicCode([.. runtime.EnumerateJitManagers()
                .SelectMany(j => j.EnumerateNativeHeaps())
                .Where(h => h.Kind == NativeHeapKind.HostCodeHeap)
                .Select(h => h.MemoryRange)]);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return new DynamicCode([]);
        }
    }

    public bool Contains(ulong address) => _ranges.Any(r => r.Contains(address));
}
