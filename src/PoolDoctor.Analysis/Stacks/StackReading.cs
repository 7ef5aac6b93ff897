using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>A stack read once: parsed frames, which are user code, and whether (and how) it is a pool thread.</summary>
public sealed record StackReading(
    IReadOnlyList<FrameName> Frames,
    IReadOnlyList<string> Cleaned,
    IReadOnlyList<bool> UserFrames,
    bool IsPoolThread,
    bool IsIdle)
{
    /// <summary>Per frame: true for generated code (LCG lambdas, IL stubs), where the JIT may have inlined user code.</summary>
    public IReadOnlyList<bool> GeneratedFrames { get; init; } = [];

    /// <summary>Per frame: its source line, when the capture had one (else null, or an empty list).</summary>
    public IReadOnlyList<SourceLocation?> Sources { get; init; } = [];

    /// <summary>Per frame: the NuGet package its assembly came from (null: the app, the framework, or unknown).</summary>
    public IReadOnlyList<PackageRef?> Packages { get; init; } = [];

    /// <summary>Per frame: the assembly's file name without extension, as the capture named it ("?" when unknown).</summary>
    public IReadOnlyList<string> Modules { get; init; } = [];

    /// <summary>Per frame: what its declaring type's metadata says (async twin, public interface), when it was read.</summary>
    public IReadOnlyList<DeclaredApi?> Declared { get; init; } = [];

    /// <summary>Per frame: where in its IL it was, when the capture knew (the app's frames with IL-to-native maps).</summary>
    public IReadOnlyList<IlPosition?> Positions { get; init; } = [];
}
