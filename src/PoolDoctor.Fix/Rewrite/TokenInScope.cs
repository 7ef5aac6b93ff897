using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PoolDoctor.Analysis.Rewrite;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// The cancellation token an async call should be given at a position, from what is in scope: a CancellationToken
/// parameter or local, else the request's (<c>HttpContext.RequestAborted</c>, from a parameter or a controller's
/// <c>HttpContext</c>), else a gRPC call's (<c>ServerCallContext.CancellationToken</c>). Null when none is in scope:
/// the call then gets none rather than an invented one.
/// </summary>
internal static class TokenInScope
{
    public static ExpressionSyntax? At(SemanticModel model, int position)
    {
        var symbols = model.LookupSymbols(position);
        var enclosing = model.GetEnclosingSymbol(position);
        var inStatic = enclosing is IMethodSymbol { IsStatic: true } || (enclosing?.ContainingSymbol is IMethodSymbol { IsStatic: true });
        ExpressionSyntax? best = null;
        var bestRank = int.MaxValue;
        foreach (var symbol in symbols)
        {
            if (symbol is not (IParameterSymbol or ILocalSymbol or IPropertySymbol))
            {
                continue;
            }
            if (symbol is IPropertySymbol property && (inStatic && !property.IsStatic || property.IsIndexer))
            {
                continue;
            }
            var type = symbol switch
            {
                IParameterSymbol p => p.Type,
                ILocalSymbol l => l.Type,
                IPropertySymbol p => p.Type,
                _ => null,
            };
            var (rank, member) = Rank(type, symbol is IPropertySymbol);
            if (rank < bestRank)
            {
                bestRank = rank;
                var name = SyntaxFactory.IdentifierName(symbol.Name);
                best = member is null ? name : SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, name, SyntaxFactory.IdentifierName(member));
            }
        }
        return best;
    }

    // Lower is better, in the rules' order (a token the code already passes around, then the request's, then gRPC's);
    // a property (a controller's HttpContext) after a parameter or local of the same type.
    private static (int Rank, string? Member) Rank(ITypeSymbol? type, bool isProperty)
    {
        var name = type?.ToDisplayString();
        for (var i = 0; i < AsyncRewriteRules.TokenSources.Count; i++)
        {
            var source = AsyncRewriteRules.TokenSources[i];
            if (source.Type == name && !(isProperty && source.Member is null))
            {
                return (2 * i + (isProperty ? 1 : 0), source.Member);
            }
        }
        return (int.MaxValue, null);
    }
}
