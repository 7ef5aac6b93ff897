namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A loaded assembly and where it came from. <see cref="Name"/> matches <see cref="StackFrame.Module"/> (file name
/// without extension). The origin decides user code: the app's own assemblies are user code whatever their namespace.
/// </summary>
public sealed record ModuleInfo(string Name, string Path, ModuleOrigin Origin);
