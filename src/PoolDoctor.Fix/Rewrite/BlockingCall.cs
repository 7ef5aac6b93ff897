using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// A blocking call found in the user's source and how it becomes awaited: <see cref="Node"/> is the expression to
/// replace (the <c>.Result</c> access, the <c>.Wait()</c> call, the sync call), <see cref="Async"/> turns the current
/// version of that node into the awaitable expression (the await is added by the caller, with parentheses where needed).
/// </summary>
internal sealed record BlockingCall(ExpressionSyntax Node, string Construct, Func<ExpressionSyntax, ExpressionSyntax> Async)
{
    /// <summary>The name the report's API would end with (Result, Wait, GetResult, Sleep, ExecuteScalar, ...).</summary>
    public required string Member { get; init; }

    /// <summary>Extra using directive the async form needs (EF Core's extension methods), else null.</summary>
    public string? NeedsUsing { get; init; }

    /// <summary>The statement result is used as a value (WaitAny's index cannot be replaced by WhenAny's task).</summary>
    public bool ValueUsed { get; init; }

    /// <summary>A block on a task (or Thread.Sleep) rewritten by its construct, not a call to a twin of the same name.</summary>
    public bool OnTask { get; init; }

    /// <summary>A blocking call of a shape the tool does not rewrite (Task.Wait with a timeout, ...): refused if chosen.</summary>
    public bool Refuse { get; init; }
}
