namespace PoolDoctor.Collect.Dumps;

/// <summary>What the runtime's dump writer includes, as dotnet-dump names it.</summary>
public enum DumpKind
{
    /// <summary>Module lists, thread list, stacks: small, but no heap (so no queued work items).</summary>
    Mini,
    /// <summary>Mini plus the GC heap: stacks, heap, statics. Enough for everything `analyze` reads.</summary>
    Heap,
    /// <summary>All of the process's memory, module images included (dotnet-dump's default).</summary>
    Full,
    /// <summary>Mini with personal data removed (paths, strings).</summary>
    Triage,
}
