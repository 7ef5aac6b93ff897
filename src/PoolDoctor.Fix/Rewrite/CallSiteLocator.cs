using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// The blocking call the report names, in the user's source: the calls on the report's line (else in the statement
/// that holds it) that block, the one whose member the report's API names first. For a lock whose holder blocks
/// (<c>heldAcross</c>), the call inside the lock statement at that line that the holder blocked in.
/// </summary>
internal static class CallSiteLocator
{
    public static (BlockingCall Call, LockStatementSyntax? Lock) Find(SemanticModel model, SyntaxNode root, SourceText text, Culprit culprit, string where)
    {
        var line = culprit.Site.Line!.Value;
        if (line < 1 || line > text.Lines.Count)
        {
            throw new FixRefusedException($"{where}: the file has {text.Lines.Count} lines (the sources do not match the report's build)");
        }
        var span = text.Lines[line - 1].Span;
        var lockStatement = culprit.HeldAcross is not null || culprit.Kind == BlockingKind.Lock
            ? LockAt(root, span) ?? (culprit.Kind == BlockingKind.Lock ? OnlyLockOfFunctionAt(root, span) : null)
            : null;
        if (culprit.Kind == BlockingKind.Lock && lockStatement is null)
        {
            throw new FixRefusedException($"{where}: the report names a lock ({culprit.Api}) but no lock statement is there (Monitor.Enter/Exit pairs and Lock.EnterScope are not rewritten)");
        }
        IReadOnlyList<BlockingCall> calls;
        string wanted;
        if (lockStatement is not null && culprit.Kind == BlockingKind.Lock)
        {
            if (culprit.HeldAcrossName is not { } heldAcross)
            {
                throw new FixRefusedException($"{where}: a lock held across no blocking call the report saw (CPU work under a lock is not an async fix)");
            }
            calls = BlockingCallFinder.In(model, lockStatement.Statement);
            wanted = heldAcross.Member;
        }
        else
        {
            calls = [.. BlockingCallFinder.In(model, StatementAt(root, span)).Where(c => c.Node.Span.IntersectsWith(span))];
            if (calls.Count == 0)
            {
                calls = BlockingCallFinder.In(model, StatementAt(root, span));
            }
            wanted = culprit.ApiName.Member;
        }
        var call = calls.FirstOrDefault(c => c.Member == wanted && !c.Refuse)
            ?? calls.FirstOrDefault(c => c.Member == wanted)
            ?? calls.OrderBy(c => c.Construct.Contains("Task", StringComparison.Ordinal) || c.Member == "Sleep" ? 0 : 1).FirstOrDefault();
        if (call is null)
        {
            throw new FixRefusedException($"{where}: no blocking call the tool can rewrite is there (the report names {culprit.Api}; it has no awaitable twin here)");
        }
        if (call.Refuse)
        {
            throw new FixRefusedException($"{call.Construct} at {where}: no mechanical async form");
        }
        if (call.ValueUsed)
        {
            throw new FixRefusedException($"{call.Construct} at {where}: its result (an index) is used, and Task.WhenAny returns the task instead");
        }
        return (call, lockStatement ?? call.Node.Ancestors().TakeWhile(a => !IsFunction(a)).OfType<LockStatementSyntax>().FirstOrDefault());
    }

    internal static bool IsFunction(SyntaxNode node) =>
        node is BaseMethodDeclarationSyntax or LocalFunctionStatementSyntax or AnonymousFunctionExpressionSyntax or AccessorDeclarationSyntax
            or BasePropertyDeclarationSyntax;

    private static LockStatementSyntax? LockAt(SyntaxNode root, TextSpan line) =>
        root.DescendantNodes(line).OfType<LockStatementSyntax>().Where(l => l.Span.IntersectsWith(line))
            .OrderByDescending(l => l.SpanStart).FirstOrDefault();

    // A frame in System.Threading.Lock.EnterScope (a `lock` on a Lock field, C# 13) was seen to map to the method's
    // opening brace, not to the lock statement (the lab's LockConvoy in Release, both hosts). A line in a function
    // that is on no statement of it, in a function with exactly one lock statement of its own, names that lock; with
    // two or more it stays a refusal, as a guess would be.
    private static LockStatementSyntax? OnlyLockOfFunctionAt(SyntaxNode root, TextSpan line)
    {
        var function = root.FindToken(line.Start).Parent?.AncestorsAndSelf().FirstOrDefault(IsFunction);
        if (function is null || function.DescendantNodes().OfType<StatementSyntax>()
                .Any(s => s is not BlockSyntax && s.Span.IntersectsWith(line)))
        {
            return null;
        }
        var locks = function.DescendantNodes().OfType<LockStatementSyntax>()
            .Where(l => l.Ancestors().First(IsFunction) == function).Take(2).ToList();
        return locks.Count == 1 ? locks[0] : null;
    }

    // The smallest statement (or expression body) that holds the line's first token.
    private static SyntaxNode StatementAt(SyntaxNode root, TextSpan line)
    {
        var token = root.FindToken(line.Start);
        while (token.Span.End <= line.Start && token.GetNextToken() is { RawKind: not 0 } next && next.SpanStart < line.End)
        {
            token = next;
        }
        if (token.SpanStart < line.Start && token.GetNextToken() is { RawKind: not 0 } following && following.SpanStart < line.End)
        {
            token = following;
        }
        var holder = token.Parent?.AncestorsAndSelf().FirstOrDefault(n => n is StatementSyntax or ArrowExpressionClauseSyntax or MemberDeclarationSyntax);
        return holder switch
        {
            BlockSyntax block => block,
            MethodDeclarationSyntax { ExpressionBody: { } arrow } => arrow,
            null => root,
            _ => holder,
        };
    }
}
