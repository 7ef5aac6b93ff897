namespace PoolDoctor.Model.Stacks;

/// <summary>
/// Where the fix goes, beyond the method's name: how the call site was found, what stands in for it when it is not
/// the sampled frame, and its place in the source. Carried by <see cref="Culprit"/> and by each blocking stack alike.
/// </summary>
public sealed record CallSite
{
    /// <summary>Found on the stack, with no source line known.</summary>
    public static CallSite OnStack { get; } = new();

    /// <summary>How the method was found: on the stack, or recovered because the JIT inlined it.</summary>
    public CallSiteSource Source { get; init; } = CallSiteSource.Stack;

    /// <summary>When the call site is not the sampled frame itself: what was missing and what stands in for it, as a
    /// kind and names (Report renders it: "handler inlined into framework code; endpoint GET /x (Ctrl.X)").</summary>
    public CallSiteNote? Note { get; init; }

    /// <summary>The source file of the blocking call, from the app's PDB (null when unknown).</summary>
    public string? File { get; init; }

    /// <summary>The line of the blocking call in <see cref="File"/> (null when unknown).</summary>
    public int? Line { get; init; }

    /// <summary>The Source Link URL of <see cref="File"/>:<see cref="Line"/> (repository + commit), when the PDB has one.</summary>
    public string? SourceUrl { get; init; }

    /// <summary>
    /// <see cref="File"/> relative to its repository's root (`src/Orders/OrdersController.cs`), when the root is known:
    /// a deterministic build's `/_/` prefix, or a `.git` above the file on this machine (null otherwise).
    /// </summary>
    public string? RepositoryFile { get; init; }
}
