namespace PoolDoctor.Collect.Stacks;

/// <summary>The runtime provider's keywords the sessions ask for (Microsoft-Windows-DotNETRuntime), in one place.</summary>
internal static class RuntimeKeywords
{
    public const long Loader = 0x8;
    public const long Jit = 0x10;
    public const long Contention = 0x4000;
    // The JIT's IL-to-native maps: with the PDB they give every user frame its source line.
    public const long ILToNativeMap = 0x20000;
    // .NET 9+: WaitHandleWaitStart/Stop; older runtimes ignore the bit.
    public const long WaitHandle = 0x40000000000;
}
