namespace PoolDoctor.Model.CallGraphs;

/// <summary>One call instruction in a method body and the method it names (resolved through member references
/// and generic instantiations to the declaring type and method name).</summary>
public sealed record IlCall(int IlOffset, IlCallKind Kind, string TargetTypeFullName, string TargetMethod)
{
    /// <summary>The assembly that defines the target, as the calling module references it (<c>HealthChecks.Redis</c>
    /// for an <c>AddRedis</c> extension declared in <c>Microsoft.Extensions.DependencyInjection</c>); null for the
    /// calling module's own methods. A package's public entries often live in another package's namespace, so the
    /// assembly, not the namespace, says which package a call goes into.</summary>
    public string? TargetAssembly { get; init; }

    /// <summary>The target returns a <c>Task</c> or <c>ValueTask</c> (generic or not), as the calling module's
    /// signature of it says: a caller that awaits it expects the blocking to happen after it returns, if at all.</summary>
    public bool ReturnsAwaitable { get; init; }
}
