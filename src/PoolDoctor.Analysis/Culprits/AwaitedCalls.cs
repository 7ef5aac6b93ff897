using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Tells an <c>await</c> from a blocking <c>GetAwaiter().GetResult()</c> in IL. The compiler turns every await in
/// a state machine's <c>MoveNext</c> into <c>awaiter.IsCompleted</c>, a suspension, then <c>awaiter.GetResult()</c>
/// later in IL order; a blocking call has no <c>IsCompleted</c> before it. So each <c>GetResult</c> that follows an
/// unmatched <c>IsCompleted</c> on the same awaiter type is an await.
/// </summary>
internal static class AwaitedCalls
{
    public static IReadOnlySet<IlCall> Of(IlMethod method)
    {
        if (method.Method != "MoveNext")
        {
            return new HashSet<IlCall>();
        }
        var awaited = new HashSet<IlCall>();
        var pending = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var call in method.Calls.OrderBy(c => c.IlOffset))
        {
            if (call.TargetMethod == "get_IsCompleted")
            {
                pending[call.TargetTypeFullName] = pending.GetValueOrDefault(call.TargetTypeFullName) + 1;
            }
            else if (call.TargetMethod == "GetResult" && pending.GetValueOrDefault(call.TargetTypeFullName) > 0)
            {
                pending[call.TargetTypeFullName]--;
                awaited.Add(call);
            }
        }
        return awaited;
    }
}
