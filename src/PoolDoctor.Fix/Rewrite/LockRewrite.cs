using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// A lock held across the blocking call becomes a SemaphoreSlim(1, 1) beside the lock's field: C# forbids await inside
/// a lock, and a Monitor is owned by a thread while an await may resume on another. Every lock statement on the same
/// field is rewritten (mixing the two would stop excluding each other): <c>await gate.WaitAsync(token)</c> in the
/// functions that are async after the fix, <c>gate.Wait()</c> in the others, each in try/finally with Release.
/// </summary>
internal static class LockRewrite
{
    public static async Task RewriteAsync(
        Solution solution, Document document, LockStatementSyntax blockingLock, SyntaxEdits edits, HashSet<SyntaxNode> asyncFunctions,
        List<AlsoChanged> also, Func<Document, string> relative, CancellationToken cancellation)
    {
        var model = (await document.GetSemanticModelAsync(cancellation))!;
        var where = $"{relative(document)}:{blockingLock.GetLocation().GetLineSpan().StartLinePosition.Line + 1}";
        if (model.GetSymbolInfo(blockingLock.Expression, cancellation).Symbol is not IFieldSymbol field || !field.Locations.Any(l => l.IsInSource))
        {
            throw new FixRefusedException($"lock ({blockingLock.Expression}) at {where}: only a lock on a field of the code's own becomes a SemaphoreSlim");
        }
        var fieldDeclaration = (await field.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellation)).FirstAncestorOrSelf<FieldDeclarationSyntax>()!;
        var fieldDocument = solution.GetDocument(fieldDeclaration.SyntaxTree)!;
        var references = (await SymbolFinder.FindReferencesAsync(field, solution, cancellation)).SelectMany(r => r.Locations).ToList();
        var onlyLocks = true;
        foreach (var location in references)
        {
            var node = (await location.Document.GetSyntaxRootAsync(cancellation))!.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true);
            var expression = node.Parent is MemberAccessExpressionSyntax access && access.Name == node ? access : node;
            onlyLocks &= expression.Parent is LockStatementSyntax l && l.Expression == expression;
        }
        // A field used only to lock on becomes the semaphore under its own name; one used otherwise too gets a semaphore beside it.
        var alone = onlyLocks && fieldDeclaration.Declaration.Variables.Count == 1;
        var gate = alone ? field.Name : field.Name + "Semaphore";
        if (!alone && field.ContainingType.GetMembers().Any(m => m.Name == gate))
        {
            throw new FixRefusedException($"lock ({field.Name}) at {where}: a member named {gate} is already there");
        }
        edits.Add(fieldDocument, fieldDeclaration, current => alone
            ? [GateField(fieldDeclaration, field, gate).WithTriviaFrom(current)]
            : [current, GateField(fieldDeclaration, field, gate)]);

        foreach (var location in references)
        {
            if (location.Document is not { } refDocument)
            {
                continue;
            }
            var root = (await refDocument.GetSyntaxRootAsync(cancellation))!;
            var node = root.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true);
            var expression = node.Parent is MemberAccessExpressionSyntax access && access.Name == node ? access : node;
            if (expression.Parent is not LockStatementSyntax statement || statement.Expression != expression)
            {
                continue;
            }
            var function = statement.Ancestors().FirstOrDefault(CallSiteLocator.IsFunction);
            var isAsync = function is not null && (asyncFunctions.Contains(function) || IsAsync(function));
            var refModel = (await refDocument.GetSemanticModelAsync(cancellation))!;
            var token = isAsync ? TokenInScope.At(refModel, statement.SpanStart) : null;
            edits.Add(refDocument, statement, current => Replace((LockStatementSyntax)current, gate, isAsync, token));
            if (statement != blockingLock)
            {
                also.Add(new AlsoChanged($"lock ({field.Name})", relative(refDocument), statement.GetLocation().GetLineSpan().StartLinePosition.Line + 1,
                    $"another lock on {field.Name}: now {gate}.{(isAsync ? "WaitAsync" : "Wait")}, so the two still exclude each other"));
            }
        }
    }

    private static bool IsAsync(SyntaxNode function) => function switch
    {
        MethodDeclarationSyntax m => m.Modifiers.Any(SyntaxKind.AsyncKeyword),
        LocalFunctionStatementSyntax l => l.Modifiers.Any(SyntaxKind.AsyncKeyword),
        AnonymousFunctionExpressionSyntax a => a.Modifiers.Any(SyntaxKind.AsyncKeyword),
        _ => false,
    };

    private static SyntaxNode GateField(FieldDeclarationSyntax lockField, IFieldSymbol field, string gate)
    {
        var indentation = lockField.GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).LastOrDefault();
        var modifiers = string.Join(' ', lockField.Modifiers.Select(m => m.Text).Append("readonly").Distinct(StringComparer.Ordinal));
        var text = $"{modifiers} SemaphoreSlim {gate} = new(1, 1);";
        var declaration = (FieldDeclarationSyntax)SyntaxFactory.ParseMemberDeclaration(text)!;
        return declaration.WithLeadingTrivia(indentation).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"));
    }

    private static IReadOnlyList<SyntaxNode> Replace(LockStatementSyntax statement, string gate, bool isAsync, ExpressionSyntax? token)
    {
        var indent = statement.GetLeadingTrivia();
        var wait = isAsync
            ? $"await {gate}.WaitAsync({token?.ToString() ?? ""});"
            : $"{gate}.Wait();";
        var body = statement.Statement is BlockSyntax block ? block : SyntaxFactory.Block(statement.Statement);
        var waitStatement = SyntaxFactory.ParseStatement(wait).WithLeadingTrivia(indent).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"));
        var finallyBlock = SyntaxFactory.Block(SyntaxFactory.ParseStatement($"{gate}.Release();")
                .WithLeadingTrivia(indent.Add(SyntaxFactory.Whitespace("    "))).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n")))
            .WithOpenBraceToken(SyntaxFactory.Token(SyntaxKind.OpenBraceToken).WithLeadingTrivia(indent).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n")))
            .WithCloseBraceToken(SyntaxFactory.Token(SyntaxKind.CloseBraceToken).WithLeadingTrivia(indent).WithTrailingTrivia(statement.GetTrailingTrivia()));
        var tryStatement = SyntaxFactory.TryStatement()
            .WithTryKeyword(SyntaxFactory.Token(SyntaxKind.TryKeyword).WithLeadingTrivia(indent).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n")))
            .WithBlock(body.WithCloseBraceToken(body.CloseBraceToken.WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"))))
            .WithFinally(SyntaxFactory.FinallyClause(finallyBlock)
                .WithFinallyKeyword(SyntaxFactory.Token(SyntaxKind.FinallyKeyword).WithLeadingTrivia(indent).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"))));
        return [waitStatement, tryStatement];
    }
}
