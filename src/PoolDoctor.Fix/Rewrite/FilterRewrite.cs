using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PoolDoctor.Analysis.Rewrite;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// An MVC action filter that blocks in <c>OnActionExecuting</c> cannot make that method async (MVC calls it
/// synchronously): the filter becomes an async one instead. An <c>IActionFilter</c> becomes an <c>IAsyncActionFilter</c>,
/// an <c>ActionFilterAttribute</c> overrides <c>OnActionExecutionAsync</c>; the new method runs the old
/// OnActionExecuting body, then, unless it set a result (which short-circuits, as before), awaits <c>next()</c> and
/// runs the old OnActionExecuted body on its result.
/// </summary>
internal static class FilterRewrite
{
    private const string ExecutingContext = "Microsoft.AspNetCore.Mvc.Filters.ActionExecutingContext";

    public static bool Applies(IMethodSymbol method) =>
        method is { Name: "OnActionExecuting", Parameters: [var context], ReturnsVoid: true, ExplicitInterfaceImplementations.Length: 0 }
        && context.Type.ToDisplayString() == ExecutingContext
        && (method.IsOverride && method.OverriddenMethod?.ContainingType.ToDisplayString() == "Microsoft.AspNetCore.Mvc.Filters.ActionFilterAttribute"
            || method.ContainingType.AllInterfaces.Any(i => i.ToDisplayString() == "Microsoft.AspNetCore.Mvc.Filters.IActionFilter"));

    public static void Rewrite(Document document, MethodDeclarationSyntax executing, IMethodSymbol symbol, SyntaxEdits edits, string where)
    {
        if (executing.Parent is not TypeDeclarationSyntax type || executing.Body is null)
        {
            throw new FixRefusedException($"action filter {symbol.ContainingType.Name}.OnActionExecuting at {where}: only a block-bodied method in the filter's own class is rewritten");
        }
        if (executing.Body.DescendantNodes().Any(n => n is ReturnStatementSyntax && !n.Ancestors().TakeWhile(a => a != executing).Any(CallSiteLocator.IsFunction)))
        {
            throw new FixRefusedException($"action filter {symbol.ContainingType.Name}.OnActionExecuting at {where} returns early: where next() goes is not mechanical");
        }
        var isOverride = symbol.IsOverride;
        edits.Replace(document, type, current => Rewritten((TypeDeclarationSyntax)current, isOverride));
    }

    private static TypeDeclarationSyntax Rewritten(TypeDeclarationSyntax type, bool isOverride)
    {
        var executing = Find(type, "OnActionExecuting")!;
        var executed = Find(type, "OnActionExecuted");
        var context = executing.ParameterList.Parameters[0].Identifier.Text;
        var indent = executing.GetLeadingTrivia().LastOrDefault(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).ToString();
        var inner = indent + "    ";
        var text = new System.Text.StringBuilder();
        text.Append(indent).Append(AsyncRewriteRules.AsyncActionFilterSignature(isOverride, context)).Append('\n');
        text.Append(indent).Append("{\n");
        foreach (var statement in executing.Body!.Statements)
        {
            text.Append(statement.ToFullString());
        }
        text.Append(inner).Append("if (").Append(context).Append(".Result is null)\n");
        text.Append(inner).Append("{\n");
        var executedStatements = executed?.Body?.Statements ?? default;
        if (executed is null || executedStatements.Count == 0)
        {
            text.Append(inner).Append("    await next();\n");
        }
        else
        {
            var name = executed.ParameterList.Parameters[0].Identifier.Text;
            var renamed = name == context ? "executed" : name;
            text.Append(inner).Append("    var ").Append(renamed).Append(" = await next();\n");
            foreach (var statement in executedStatements)
            {
                var body = name == context ? new Renamer(name, renamed).Visit(statement)!.ToFullString() : statement.ToFullString();
                text.Append(string.Join('\n', body.TrimEnd('\n').Split('\n').Select(l => l.Length == 0 ? l : "    " + l))).Append('\n');
            }
        }
        text.Append(inner).Append("}\n");
        text.Append(indent).Append("}\n");
        var method = SyntaxFactory.ParseMemberDeclaration(text.ToString())!
            .WithLeadingTrivia(executing.GetLeadingTrivia())
            .WithTrailingTrivia(executing.GetTrailingTrivia());
        var members = type.Members.Replace(executing, method);
        if (executed is not null)
        {
            members = members.Remove(members.First(m => m is MethodDeclarationSyntax { Identifier.Text: "OnActionExecuted" }));
        }
        var updated = type.WithMembers(members);
        if (!isOverride && updated.BaseList is { } bases)
        {
            var filter = bases.Types.First(t => t.Type.ToString() is "IActionFilter" or "Microsoft.AspNetCore.Mvc.Filters.IActionFilter");
            updated = updated.WithBaseList(bases.WithTypes(bases.Types.Replace(filter,
                filter.WithType(SyntaxFactory.ParseTypeName(filter.Type.ToString().Replace("IActionFilter", "IAsyncActionFilter", StringComparison.Ordinal)).WithTriviaFrom(filter.Type)))));
        }
        return updated;
    }

    private static MethodDeclarationSyntax? Find(TypeDeclarationSyntax type, string name) =>
        type.Members.OfType<MethodDeclarationSyntax>().FirstOrDefault(m => m.Identifier.Text == name && m.ParameterList.Parameters.Count == 1);

    // The OnActionExecuted parameter, when it had the same name as OnActionExecuting's, is renamed in its body.
    private sealed class Renamer(string from, string to) : CSharpSyntaxRewriter
    {
        public override SyntaxNode? VisitIdentifierName(IdentifierNameSyntax node) =>
            node.Identifier.Text == from && !(node.Parent is MemberAccessExpressionSyntax access && access.Name == node)
                ? node.WithIdentifier(SyntaxFactory.Identifier(to).WithTriviaFrom(node.Identifier))
                : node;
    }
}
