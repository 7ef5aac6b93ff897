namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A loaded assembly and where it came from. <see cref="Name"/> matches <see cref="StackFrame.Module"/> (file name
/// without extension). The origin decides user code: the app's own assemblies are user code whatever their namespace.
/// </summary>
public sealed record ModuleInfo(string Name, string Path, ModuleOrigin Origin)
{
    /// <summary>The package the app's deps.json says the assembly came from (null unless <see cref="Origin"/> is Package
    /// and deps.json named it).</summary>
    public PackageRef? Package { get; init; }
}
