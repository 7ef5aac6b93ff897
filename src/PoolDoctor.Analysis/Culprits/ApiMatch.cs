namespace PoolDoctor.Analysis.Culprits;

/// <summary>How well a call in IL matches the blocking API seen on the stack.</summary>
public enum ApiMatch
{
    /// <summary>The same API (<c>Task.Result</c> for <c>Task.Result</c>), or the same verb of a database driver.</summary>
    Exact,
    /// <summary>Another API of the same kind (<c>Task.Wait</c> where the stack showed <c>Task.Result</c>): the stack's
    /// innermost frames do not always say which of a family's entry points was called.</summary>
    SameKind,
}
