namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>A MethodLoadVerbose-shaped event: JIT load or unload, or a rundown's method.</summary>
internal sealed record MethodEvent(long MethodId, long ModuleId, ulong Start, int Size, int Token, bool IsJitted, string FullName);
