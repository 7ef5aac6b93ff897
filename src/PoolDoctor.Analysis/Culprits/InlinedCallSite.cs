using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// A user method whose IL calls the blocking API a stack stopped at: the call site the JIT may have inlined away.
/// </summary>
/// <param name="Method">The method that makes the call, as stack frames are named (an async method's state machine
/// reads as the method, flavour Async).</param>
/// <param name="Body">The method as read from IL (module, metadata token, calls).</param>
/// <param name="Api">The blocking API the call is, by the same table as stack frames.</param>
/// <param name="Chain">From the entry down to <see cref="Method"/>, outermost first, each frame with where its IL
/// calls the next one (the last: its call to the API), so frames the JIT inlined away still show a line; just
/// <see cref="Method"/> when no entry was given.</param>
/// <param name="Calls">Each matching call in the method's IL, in IL order.</param>
public sealed record InlinedCallSite(
    FrameName Method,
    IlMethod Body,
    BlockingApi Api,
    ApiMatch Match,
    IReadOnlyList<InlinedFrame> Chain,
    IReadOnlyList<CallSiteLocation> Calls)
{
    public CallSiteLocation First => Calls[0];
}

/// <summary>A frame of an <see cref="InlinedCallSite"/>'s chain: the method, and where its IL makes the call to the
/// next frame (null where the IL has no direct call).</summary>
public sealed record InlinedFrame(FrameName Name, CallSiteLocation? Call);
