using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Fix.Workspace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// Whether a function is on the chain a report proved, beyond its frame names: a recorded chain gives each frame's
/// file:line (a frame whose line lies in the function is it, whatever the runtime called it: a lambda of top-level
/// statements is "lambda in Program.Main" there, "&lt;Main&gt;$" here), and its entry ("GET /orders/{id:int}") names the
/// endpoint whose handler may be missing from the frames (an action the JIT inlined, a frame the capture lost). The
/// entry is matched on the route as the source writes it: [Route] + [Http{Verb}] templates, or Map{Verb}'s template
/// with the handler (a lambda, or a method group naming the function).
/// </summary>
internal static class ChainMembership
{
    public static bool ByPlace(Solution solution, Culprit culprit, Document document, SyntaxNode function)
    {
        var lines = function.SyntaxTree.GetLineSpan(function.Span);
        foreach (var frame in CulpritPlaces.Chain(culprit))
        {
            if (frame.File is null || frame.Line is not { } line)
            {
                continue;
            }
            if (SourcePaths.Map(solution, frame.File)?.Id == document.Id
                && line - 1 >= lines.StartLinePosition.Line && line - 1 <= lines.EndLinePosition.Line)
            {
                return true;
            }
        }
        return false;
    }

    public static async Task<bool> IsEntryAsync(Document document, SyntaxNode function, string? entry, CancellationToken cancellation)
    {
        if (entry?.Split(' ', 2) is not [var verb, var path] || !path.StartsWith('/') || verb.Length < 3)
        {
            return false;
        }
        var httpVerb = verb[0] + verb[1..].ToLowerInvariant();
        return function switch
        {
            MethodDeclarationSyntax method => ActionRoute(method, httpVerb) is { } route && Same(route, path)
                || await MappedMethodGroupAsync(document, method.Identifier.Text, httpVerb, path, cancellation),
            AnonymousFunctionExpressionSyntax lambda => MapTemplate(lambda.Parent?.Parent as ArgumentListSyntax, httpVerb) is { } template && Same(template, path),
            _ => false,
        };
    }

    // [Route("orders")] on the controller and [HttpGet("{id:int}")] on the action → orders/{id:int}.
    private static string? ActionRoute(MethodDeclarationSyntax method, string verb)
    {
        var action = Attribute(method.AttributeLists, "Http" + verb);
        if (action is null)
        {
            return null;
        }
        var own = Template(action) ?? "";
        if (own.StartsWith('/') || own.StartsWith("~/", StringComparison.Ordinal))
        {
            return own.TrimStart('~');
        }
        var prefix = method.Parent is TypeDeclarationSyntax type && Attribute(type.AttributeLists, "Route") is { } route ? Template(route) ?? "" : "";
        return prefix + "/" + own;
    }

    private static async Task<bool> MappedMethodGroupAsync(Document document, string name, string verb, string path, CancellationToken cancellation)
    {
        foreach (var other in document.Project.Documents)
        {
            var root = await other.GetSyntaxRootAsync(cancellation);
            foreach (var invocation in root!.DescendantNodes().OfType<InvocationExpressionSyntax>())
            {
                if (invocation.ArgumentList.Arguments is [_, var handler, ..]
                    && LastName(handler.Expression) == name
                    && MapTemplate(invocation.ArgumentList, verb) is { } template && Same(template, path))
                {
                    return true;
                }
            }
        }
        return false;
    }

    // The template of app.Map{Verb}("template", handler), given the call's argument list.
    private static string? MapTemplate(ArgumentListSyntax? arguments, string verb) =>
        arguments?.Parent is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } && access.Name.Identifier.Text == "Map" + verb
            && arguments.Arguments.FirstOrDefault()?.Expression is LiteralExpressionSyntax literal ? literal.Token.ValueText : null;

    private static string? LastName(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax id => id.Identifier.Text,
        MemberAccessExpressionSyntax access => access.Name.Identifier.Text,
        _ => null,
    };

    private static AttributeSyntax? Attribute(SyntaxList<AttributeListSyntax> lists, string name) =>
        lists.SelectMany(l => l.Attributes).FirstOrDefault(a => LastName(a.Name is QualifiedNameSyntax q ? q.Right : a.Name) is { } written
            && (written == name || written == name + "Attribute"));

    private static string? Template(AttributeSyntax attribute) =>
        attribute.ArgumentList?.Arguments.FirstOrDefault(a => a.NameEquals is null)?.Expression is LiteralExpressionSyntax literal ? literal.Token.ValueText : null;

    private static bool Same(string a, string b) => string.Equals(a.Trim('/'), b.Trim('/'), StringComparison.OrdinalIgnoreCase);
}
