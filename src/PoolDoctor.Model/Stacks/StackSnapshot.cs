using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Model.Stacks;

/// <summary>Everything one stack capture saw: per-thread stacks and, where the runtime offers them, wait spans.</summary>
public sealed record StackSnapshot(
    int ProcessId,
    double WindowSeconds,
    IReadOnlyList<ThreadStack> Stacks,
    IReadOnlyList<WaitSpan> Waits)
{
    /// <summary>The assemblies the capture saw loaded, with their origin (empty when unknown).</summary>
    public IReadOnlyList<ModuleInfo> Modules { get; init; } = [];

    /// <summary>The call graph read from the app's own assemblies' IL (empty when they were not read).</summary>
    public CallGraph CallGraph { get; init; } = CallGraph.Empty;

    /// <summary>The IL of the package assemblies whose frames sit at the top of a sampled stack (empty when none was
    /// read): tier-1 code may have compiled the wait such a frame blocks in into it, and its IL says which.</summary>
    public CallGraph LeafLibraryCallGraph { get; init; } = CallGraph.Empty;

    /// <summary>What the capture lacked and what that costs, one line each (no PDB so no file:line, no JIT events
    /// so no method names, ...); empty when nothing was missing.</summary>
    public IReadOnlyList<string> Missing { get; init; } = [];

    /// <summary>App modules whose file on this machine is another build than the one traced: their names and calls
    /// still help, their source lines would be wrong and are not used.</summary>
    public IReadOnlyList<string> OtherBuildModules { get; init; } = [];

    /// <summary>Per sampled library frame (<see cref="DeclaredApi.KeyOf"/>), what its declaring type's metadata says
    /// (async twin, public interface); a frame not listed was not read (its assembly was not on this machine).</summary>
    public IReadOnlyDictionary<string, DeclaredApi> DeclaredApis { get; init; } = new Dictionary<string, DeclaredApi>();
}
