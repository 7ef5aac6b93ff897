using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// What the IL says about the statement a sampled frame of the app was in: the blocking call it makes itself
/// (<see cref="Direct"/>: the API as the code names it, with its location), or the user methods it calls that the JIT
/// inlined into it and that reach the blocking API (<see cref="Sites"/>, best first, chains from the called method down).
/// </summary>
public sealed record InlinedAt(IlMethod Root, int? IlOffset, IReadOnlyList<InlinedCallSite> Sites)
{
    public InlinedCallSite? Direct { get; init; }
}
