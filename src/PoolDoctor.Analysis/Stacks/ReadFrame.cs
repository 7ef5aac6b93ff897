using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// One sampled frame as the analysis read it: everything known about the frame in one record, so a stack is one list
/// and no two facts of one frame can drift apart (see <see cref="StackReading"/>).
/// </summary>
/// <param name="Name">The runtime name taken apart.</param>
/// <param name="Cleaned">What a person reads in a stack (<see cref="FrameNameParser.Clean(StackFrame)"/>).</param>
/// <param name="Module">The assembly's file name without extension, as the capture named it ("?" when unknown).</param>
/// <param name="IsUser">The app's own code.</param>
/// <param name="IsGenerated">Generated code (LCG lambdas, IL stubs), where the JIT may have inlined user code.</param>
/// <param name="Source">Its source line, when the capture had one.</param>
/// <param name="Package">The NuGet package its assembly came from (null: the app, the framework, or unknown).</param>
/// <param name="Declared">What its declaring type's metadata says (async twin, public interface), when it was read.</param>
/// <param name="Position">Where in its IL it was, when the capture knew (the app's frames with IL-to-native maps).</param>
public sealed record ReadFrame(
    FrameName Name,
    string Cleaned,
    string Module,
    bool IsUser,
    bool IsGenerated,
    SourceLocation? Source,
    PackageRef? Package,
    DeclaredApi? Declared,
    IlPosition? Position);
