namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// How to read stacks. <see cref="UserCodePrefixes"/> are the <c>--user-code PREFIX</c> values: when any are given,
/// a frame is user code exactly when its namespace-qualified name starts with one of them.
/// <see cref="IncludeAllThreads"/> (<c>--all</c>) adds non-pool threads to the stack groups; culprits are always
/// pool threads only.
/// </summary>
public sealed record CulpritOptions
{
    public static CulpritOptions Default { get; } = new();

    public IReadOnlyList<string> UserCodePrefixes { get; init; } = [];

    public bool IncludeAllThreads { get; init; }
}
