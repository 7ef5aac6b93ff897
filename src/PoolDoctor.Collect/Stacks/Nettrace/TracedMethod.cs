namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>A method as frames name it.</summary>
internal sealed record TracedMethod(string FullName, TracedModule Module, int Token, ILToNativeMap? Map);
