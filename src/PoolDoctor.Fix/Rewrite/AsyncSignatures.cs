using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PoolDoctor.Analysis.Rewrite;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// Syntax-only transforms of one function's signature, applied to the current version of its node: make it
/// <c>async</c> (a sync result type T becomes <c>Task&lt;T&gt;</c>, void becomes <c>Task</c>, a Task or ValueTask stays
/// and its returns are awaited), change only the result type (an interface member), or keep an implementation that
/// does not block synchronous but Task-returning (<c>Task.FromResult</c>, <c>Task.CompletedTask</c>).
/// </summary>
internal static class AsyncSignatures
{
    /// <summary>What the function returned before: void, a value type T (its syntax), or already a Task/ValueTask.</summary>
    public sealed record Shape(bool Void, bool TaskLike, bool NonGenericTask);

    public static SyntaxNode MakeAsync(SyntaxNode function, Shape shape, string? newName)
    {
        switch (function)
        {
            case MethodDeclarationSyntax method:
                {
                    var (modifiers, returnType) = AddAsync(method.Modifiers, ResultType(method.ReturnType, shape));
                    var updated = method.WithModifiers(modifiers).WithReturnType(returnType);
                    updated = shape.TaskLike ? AwaitReturns(updated, shape) : updated;
                    return newName is null ? updated : updated.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(method.Identifier));
                }
            case LocalFunctionStatementSyntax local:
                {
                    var (modifiers, returnType) = AddAsync(local.Modifiers, ResultType(local.ReturnType, shape));
                    var updated = local.WithModifiers(modifiers).WithReturnType(returnType);
                    updated = shape.TaskLike ? AwaitReturns(updated, shape) : updated;
                    return newName is null ? updated : updated.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(local.Identifier));
                }
            case AnonymousFunctionExpressionSyntax lambda:
                {
                    var updated = AsyncLambda(lambda);
                    return shape.TaskLike ? AwaitReturns(updated, shape) : updated;
                }
            default:
                throw new InvalidOperationException($"not a function: {function.Kind()}");
        }
    }

    /// <summary>An interface (or abstract) member: the result type only.</summary>
    public static SyntaxNode ChangeResultType(MethodDeclarationSyntax method, Shape shape, string? newName)
    {
        var updated = method.WithReturnType(ResultType(method.ReturnType, shape));
        return newName is null ? updated : updated.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(method.Identifier));
    }

    /// <summary>Another implementation of a member that became async, which does not block: it returns its result
    /// as a completed task instead of becoming async (an async method with no await is a warning, and a pointless state machine).</summary>
    public static SyntaxNode CompletedTask(MethodDeclarationSyntax method, Shape shape, string resultType, string? newName)
    {
        var updated = method.WithReturnType(ResultType(method.ReturnType, shape));
        if (updated.ExpressionBody is { } arrow)
        {
            updated = shape.Void
                ? updated.WithExpressionBody(null).WithSemicolonToken(default)
                    .WithBody(SyntaxFactory.Block(SyntaxFactory.ExpressionStatement(arrow.Expression), CompletedReturn()).NormalizeWhitespace().WithLeadingTrivia(SyntaxFactory.Space).WithTrailingTrivia(method.SemicolonToken.TrailingTrivia))
                : updated.WithExpressionBody(arrow.WithExpression(FromResult(arrow.Expression, resultType)));
        }
        else if (updated.Body is { } body)
        {
            var rewritten = (BlockSyntax)new ReturnRewriter(r => r.Expression is null
                ? [r.WithExpression(CompletedTaskExpression().WithLeadingTrivia(SyntaxFactory.Space))]
                : [r.WithExpression(FromResult(r.Expression, resultType))]).Visit(body);
            if (shape.Void && !EndsInJump(rewritten))
            {
                rewritten = rewritten.AddStatements(CompletedReturn().WithTriviaFrom(rewritten.Statements.LastOrDefault() ?? (SyntaxNode)rewritten.OpenBraceToken.Parent!).WithLeadingTrivia(Indentation(rewritten)));
            }
            updated = updated.WithBody(rewritten);
        }
        return newName is null ? updated : updated.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(method.Identifier));
    }

    private static SyntaxTriviaList Indentation(BlockSyntax block) =>
        block.Statements.FirstOrDefault()?.GetLeadingTrivia() ?? SyntaxFactory.TriviaList(SyntaxFactory.Whitespace("    "));

    private static bool EndsInJump(BlockSyntax block) => block.Statements.LastOrDefault() is ReturnStatementSyntax or ThrowStatementSyntax;

    private static StatementSyntax CompletedReturn() =>
        SyntaxFactory.ReturnStatement(CompletedTaskExpression().WithLeadingTrivia(SyntaxFactory.Space)).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"));

    private static ExpressionSyntax CompletedTaskExpression() => SyntaxFactory.ParseExpression("Task.CompletedTask");

    private static ExpressionSyntax FromResult(ExpressionSyntax value, string resultType) =>
        SyntaxFactory.ParseExpression($"Task.FromResult<{resultType}>({value.WithoutTrivia().ToFullString()})").WithTriviaFrom(value);

    private static TypeSyntax ResultType(TypeSyntax old, Shape shape)
    {
        if (shape.TaskLike)
        {
            return old;
        }
        var text = AsyncRewriteRules.AsyncResultType(shape.Void ? "void" : old.WithoutTrivia().ToFullString());
        return SyntaxFactory.ParseTypeName(text).WithTriviaFrom(old);
    }

    // `async` goes last among the modifiers (public static async Task); with none, it takes the result type's indentation.
    private static (SyntaxTokenList, TypeSyntax) AddAsync(SyntaxTokenList modifiers, TypeSyntax returnType)
    {
        if (modifiers.Any(SyntaxKind.AsyncKeyword))
        {
            return (modifiers, returnType);
        }
        if (modifiers.Count == 0)
        {
            var token = SyntaxFactory.Token(returnType.GetLeadingTrivia(), SyntaxKind.AsyncKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space));
            return (SyntaxFactory.TokenList(token), returnType.WithLeadingTrivia());
        }
        return (modifiers.Add(SyntaxFactory.Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(SyntaxFactory.Space)), returnType);
    }

    private static AnonymousFunctionExpressionSyntax AsyncLambda(AnonymousFunctionExpressionSyntax lambda)
    {
        if (lambda.Modifiers.Any(SyntaxKind.AsyncKeyword))
        {
            return lambda;
        }
        var leading = lambda.GetLeadingTrivia();
        var bare = lambda.WithoutLeadingTrivia();
        var asyncToken = SyntaxFactory.Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(SyntaxFactory.Space);
        var modifiers = bare.Modifiers.Count == 0
            ? SyntaxFactory.TokenList(asyncToken)
            : bare.Modifiers.Add(asyncToken);
        AnonymousFunctionExpressionSyntax updated = bare switch
        {
            ParenthesizedLambdaExpressionSyntax p => p.WithModifiers(modifiers),
            SimpleLambdaExpressionSyntax s => s.WithModifiers(modifiers),
            AnonymousMethodExpressionSyntax a => a.WithModifiers(modifiers),
            _ => bare,
        };
        return updated.WithLeadingTrivia(leading);
    }

    // A Task-returning method, local function or lambda that was not async becomes async: what it returned is
    // awaited (a Task.FromResult(x) or Task.CompletedTask it built by hand is simply x, or nothing). A lambda counts:
    // inline middleware, `(context, next) => { ...; return next(context); }`, returns the Task of the next step, and
    // as an async lambda that return is CS8031.
    private static T AwaitReturns<T>(T function, Shape shape) where T : SyntaxNode
    {
        var rewriter = new ReturnRewriter(r => r.Expression is null ? [r] : AwaitedReturn(r, shape));
        var body = function switch
        {
            MethodDeclarationSyntax m => (SyntaxNode?)m.Body ?? m.ExpressionBody,
            LocalFunctionStatementSyntax l => (SyntaxNode?)l.Body ?? l.ExpressionBody,
            AnonymousFunctionExpressionSyntax a => a.Body,
            _ => null,
        };
        if (body is ArrowExpressionClauseSyntax arrow)
        {
            return function.ReplaceNode(arrow, arrow.WithExpression(Awaited(arrow.Expression, shape) ?? arrow.Expression));
        }
        if (body is ExpressionSyntax expression)
        {
            return function.ReplaceNode(expression, Awaited(expression, shape) ?? expression);
        }
        if (body is not BlockSyntax block)
        {
            return function;
        }
        var rewritten = (BlockSyntax)rewriter.Visit(block);
        // `await next(context); return;` at the end of a Task method: the return says nothing.
        if (shape.NonGenericTask && rewritten.Statements.Count > 1 && rewritten.Statements[^1] is ReturnStatementSyntax { Expression: null })
        {
            rewritten = rewritten.WithStatements(rewritten.Statements.RemoveAt(rewritten.Statements.Count - 1));
        }
        return function.ReplaceNode(block, rewritten);
    }

    private static IReadOnlyList<StatementSyntax> AwaitedReturn(ReturnStatementSyntax r, Shape shape)
    {
        var value = r.Expression!;
        if (Unwrapped(value) is { } plain)
        {
            return [shape.NonGenericTask ? SyntaxFactory.ReturnStatement().WithTriviaFrom(r) : r.WithExpression(plain.WithTriviaFrom(value))];
        }
        if (IsCompletedTask(value))
        {
            return [SyntaxFactory.ReturnStatement().WithTriviaFrom(r)];
        }
        if (shape.NonGenericTask)
        {
            // `return task;` in a Task method → `await task; return;`
            var awaitStatement = SyntaxFactory.ExpressionStatement(Await(value.WithoutTrivia())).WithLeadingTrivia(r.GetLeadingTrivia()).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"));
            return [awaitStatement, SyntaxFactory.ReturnStatement().WithLeadingTrivia(r.GetLeadingTrivia()).WithTrailingTrivia(r.GetTrailingTrivia())];
        }
        return [r.WithExpression(Await(value.WithoutTrivia()).WithTriviaFrom(value))];
    }

    private static ExpressionSyntax? Awaited(ExpressionSyntax value, Shape shape) =>
        Unwrapped(value) is { } plain && !shape.NonGenericTask ? plain.WithTriviaFrom(value) : Await(value.WithoutTrivia()).WithTriviaFrom(value);

    // Task.FromResult(x), Task.FromResult<T>(x), new ValueTask<T>(x), ValueTask.FromResult(x) → x
    private static ExpressionSyntax? Unwrapped(ExpressionSyntax value) => value switch
    {
        InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.Text: AsyncRewriteRules.FromResult, Expression: IdentifierNameSyntax type }, ArgumentList.Arguments: [var only] }
            when AsyncRewriteRules.TaskTypes.Contains(type.Identifier.Text) => only.Expression,
        ObjectCreationExpressionSyntax { Type: GenericNameSyntax { Identifier.Text: "ValueTask" }, ArgumentList.Arguments: [var only] } => only.Expression,
        _ => null,
    };

    private static bool IsCompletedTask(ExpressionSyntax value) =>
        value is MemberAccessExpressionSyntax { Name.Identifier.Text: AsyncRewriteRules.CompletedTask, Expression: IdentifierNameSyntax type }
        && AsyncRewriteRules.TaskTypes.Contains(type.Identifier.Text);

    public static ExpressionSyntax Await(ExpressionSyntax expression) =>
        SyntaxFactory.AwaitExpression(SyntaxFactory.Token(SyntaxKind.AwaitKeyword).WithTrailingTrivia(SyntaxFactory.Space), expression);

    /// <summary>Rewrites the return statements of one function body, not those of the lambdas and local functions inside it.</summary>
    private sealed class ReturnRewriter(Func<ReturnStatementSyntax, IReadOnlyList<StatementSyntax>> rewrite) : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitBlock(BlockSyntax node)
        {
            var statements = new List<StatementSyntax>();
            foreach (var statement in node.Statements)
            {
                if (statement is ReturnStatementSyntax r)
                {
                    statements.AddRange(rewrite(r));
                }
                else
                {
                    statements.Add((StatementSyntax)Visit(statement));
                }
            }
            return node.WithStatements(SyntaxFactory.List(statements));
        }

        public override SyntaxNode? VisitReturnStatement(ReturnStatementSyntax node)
        {
            // A return that is not directly in a block (if (x) return y;) gets braces only when it becomes two statements.
            var replaced = rewrite(node);
            return replaced.Count == 1 ? replaced[0] : SyntaxFactory.Block(replaced);
        }

        public override SyntaxNode? VisitParenthesizedLambdaExpression(ParenthesizedLambdaExpressionSyntax node) => node;
        public override SyntaxNode? VisitSimpleLambdaExpression(SimpleLambdaExpressionSyntax node) => node;
        public override SyntaxNode? VisitAnonymousMethodExpression(AnonymousMethodExpressionSyntax node) => node;
        public override SyntaxNode? VisitLocalFunctionStatement(LocalFunctionStatementSyntax node) => node;
    }
}
