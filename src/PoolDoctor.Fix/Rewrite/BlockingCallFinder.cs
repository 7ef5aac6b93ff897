using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PoolDoctor.Analysis.Rewrite;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// Finds the blocking calls in a piece of source and their awaited twins: <c>.Result</c>, <c>.Wait()</c>,
/// <c>.GetAwaiter().GetResult()</c> on a task; <c>Task.WaitAll/WaitAny</c>; <c>Thread.Sleep</c>; and any call whose
/// <c>…Async</c> twin binds at the same place with the same arguments (ADO.NET, Npgsql, Dapper, EF Core,
/// HttpClient.Send, Stream.Read/Write, SemaphoreSlim.Wait, the user's own pairs), checked by the semantic model, so
/// only twins that exist are used. A cancellation token in scope is passed when the twin takes one.
/// </summary>
internal static class BlockingCallFinder
{
    public static IReadOnlyList<BlockingCall> In(SemanticModel model, SyntaxNode scope)
    {
        var found = new List<BlockingCall>();
        foreach (var node in scope.DescendantNodesAndSelf())
        {
            var call = node switch
            {
                MemberAccessExpressionSyntax access => TaskResult(model, access),
                InvocationExpressionSyntax invocation => Invocation(model, invocation),
                _ => null,
            };
            if (call is not null)
            {
                found.Add(call);
            }
        }
        return found;
    }

    private static BlockingCall? TaskResult(SemanticModel model, MemberAccessExpressionSyntax access)
    {
        if (access.Name.Identifier.Text != "Result" || access.Parent is InvocationExpressionSyntax { Expression: var e } && e == access)
        {
            return null;
        }
        if (model.GetSymbolInfo(access).Symbol is not IPropertySymbol { Name: "Result" } property || !IsTaskType(property.ContainingType))
        {
            return null;
        }
        return new BlockingCall(access, $"{TypeName(property.ContainingType)}.Result", current => ((MemberAccessExpressionSyntax)current).Expression.WithoutTrailingTrivia())
        {
            Member = "Result",
            OnTask = true,
        };
    }

    private static BlockingCall? Invocation(SemanticModel model, InvocationExpressionSyntax invocation)
    {
        if (model.GetSymbolInfo(invocation).Symbol is not IMethodSymbol method)
        {
            return null;
        }
        var type = method.ContainingType;
        var typeName = type?.ToDisplayString();
        switch (method.Name)
        {
            case "Wait" when IsTaskType(type) && !method.IsStatic:
                // Wait(token) throws OperationCanceledException when the token fires, as WaitAsync(token) does; the
                // overloads with a timeout return whether the task finished, which WaitAsync does not (it throws).
                if (method.Parameters is [{ Type: var only }] && only.ToDisplayString() == "System.Threading.CancellationToken"
                    && invocation.Expression is MemberAccessExpressionSyntax)
                {
                    return new BlockingCall(invocation, "Task.Wait(CancellationToken)", current => Rename((InvocationExpressionSyntax)current, AsyncRewriteRules.WaitWithTokenTwin).WithoutTrailingTrivia())
                    {
                        Member = "Wait",
                        OnTask = true,
                    };
                }
                if (method.Parameters.Length > 0 || invocation.Expression is not MemberAccessExpressionSyntax)
                {
                    return Unrewritable(invocation, "Task.Wait with a timeout", "Wait");
                }
                return new BlockingCall(invocation, "Task.Wait", current => ((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)current).Expression).Expression.WithoutTrailingTrivia())
                {
                    Member = "Wait",
                    OnTask = true,
                };
            case "GetResult" when typeName?.StartsWith("System.Runtime.CompilerServices.", StringComparison.Ordinal) == true && (type!.Name.Contains("Awaiter", StringComparison.Ordinal)):
                if (invocation.Expression is MemberAccessExpressionSyntax { Expression: InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.Text: "GetAwaiter" } } })
                {
                    return new BlockingCall(invocation, $"{type!.Name}.GetResult", current =>
                        ((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)current).Expression).Expression).Expression).Expression.WithoutTrailingTrivia())
                    {
                        Member = "GetResult",
                        OnTask = true,
                    };
                }
                return Unrewritable(invocation, "GetResult on an awaiter held in a variable", "GetResult");
            case "WaitAll" or "WaitAny" when typeName == "System.Threading.Tasks.Task" && method.IsStatic:
                var whenAll = AsyncRewriteRules.StaticTwinOf("Task", method.Name)!;
                return new BlockingCall(invocation, $"Task.{method.Name}", current => Rename((InvocationExpressionSyntax)current, whenAll.TwinMember))
                {
                    Member = method.Name,
                    OnTask = true,
                    ValueUsed = method.Name == "WaitAny" && invocation.Parent is not ExpressionStatementSyntax,
                };
            case "Sleep" when typeName == "System.Threading.Thread":
                {
                    var delay = AsyncRewriteRules.StaticTwinOf("Thread", "Sleep")!;
                    var token = AsyncRewriteRules.TakesToken(delay) ? TokenInScope.At(model, invocation.SpanStart) : null;
                    return new BlockingCall(invocation, "Thread.Sleep", current =>
                    {
                        var args = ((InvocationExpressionSyntax)current).ArgumentList;
                        if (token is not null)
                        {
                            args = WithArgument(args, SyntaxFactory.Argument(token));
                        }
                        return SyntaxFactory.InvocationExpression(SyntaxFactory.ParseExpression($"{delay.TwinType}.{delay.TwinMember}"), args).WithTriviaFrom(current);
                    })
                    {
                        Member = "Sleep",
                        OnTask = true,
                    };
                }
        }
        if (IsAwaitable(method.ReturnType) || method.Name.EndsWith("Async", StringComparison.Ordinal))
        {
            return null;
        }
        if (invocation.Expression is MemberBindingExpressionSyntax)
        {
            // `x?.M()`: Roslyn cannot bind a bare `.MAsync()` speculatively outside its `?.` (it threw a
            // NullReferenceException on the lab's filters' `RemoteIpAddress?.ToString()`), and `await x?.MAsync()`
            // would throw on null where the sync call gave null. With a twin it is a refusal; without one, no blocking call.
            return HasAwaitableMember(method.ContainingType, AsyncRewriteRules.TwinName(method.Name))
                ? Unrewritable(invocation, $"conditional call ?.{method.Name}() (awaiting a null task throws)", method.Name)
                : null;
        }
        return StreamArrayTwin(model, invocation, method) ?? Twin(model, invocation, method);
    }

    private static bool HasAwaitableMember(INamedTypeSymbol? type, string name)
    {
        for (var t = type; t is not null; t = t.BaseType)
        {
            if (t.GetMembers(name).OfType<IMethodSymbol>().Any(m => IsAwaitable(m.ReturnType)))
            {
                return true;
            }
        }
        return false;
    }

    // Stream.Read/Write(byte[], offset, count) → ReadAsync/WriteAsync(buffer.AsMemory(offset, count)): the Memory
    // overloads are the ones streams implement natively (the array overloads wrap them; CA1835 asks for these).
    private static BlockingCall? StreamArrayTwin(SemanticModel model, InvocationExpressionSyntax invocation, IMethodSymbol method)
    {
        if (!AsyncRewriteRules.IsStreamArrayCall("Stream", method.Name, method.Parameters.Length) || method.Parameters[0].Type is not IArrayTypeSymbol
            || !DerivesFrom(method.ContainingType, "System.IO.Stream") || invocation.ArgumentList.Arguments.Any(a => a.NameColon is not null))
        {
            return null;
        }
        var token = TokenInScope.At(model, invocation.SpanStart);
        var twinName = AsyncRewriteRules.TwinName(method.Name);
        InvocationExpressionSyntax Build(InvocationExpressionSyntax current)
        {
            var args = current.ArgumentList.Arguments;
            var buffer = args[0].Expression.WithoutTrivia();
            var receiver = buffer is IdentifierNameSyntax or MemberAccessExpressionSyntax or ElementAccessExpressionSyntax or InvocationExpressionSyntax
                ? buffer
                : SyntaxFactory.ParenthesizedExpression(buffer);
            var memory = SyntaxFactory.ParseExpression(AsyncRewriteRules.StreamArrayArgument(receiver.ToString(), args[1].Expression.WithoutTrivia().ToString(), args[2].Expression.WithoutTrivia().ToString()));
            var list = SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(memory)));
            if (token is not null)
            {
                list = WithArgument(list, SyntaxFactory.Argument(token));
            }
            return Rename(current.WithArgumentList(list.WithTriviaFrom(current.ArgumentList)), twinName);
        }
        if (!Binds(model, invocation, Build(invocation)))
        {
            return null;
        }
        return new BlockingCall(invocation, $"{method.ContainingType.Name}.{method.Name}", current => Build((InvocationExpressionSyntax)current))
        {
            Member = method.Name,
        };
    }

    private static bool DerivesFrom(INamedTypeSymbol? type, string name)
    {
        for (var t = type; t is not null; t = t.BaseType)
        {
            if (t.ToDisplayString() == name)
            {
                return true;
            }
        }
        return false;
    }

    // Sync call → the same call to Name + "Async", bound speculatively where the call is: with a token in scope when
    // the twin takes one, else without. Only a twin that binds and returns an awaitable is used.
    private static BlockingCall? Twin(SemanticModel model, InvocationExpressionSyntax invocation, IMethodSymbol method)
    {
        var twinName = AsyncRewriteRules.TwinName(method.Name);
        var token = TokenInScope.At(model, invocation.SpanStart);
        var tries = token is null ? [null] : new[] { token, null };
        foreach (var withToken in tries)
        {
            var candidate = Renamed(invocation, twinName, withToken, model);
            if (candidate is null)
            {
                continue;
            }
            if (Binds(model, invocation, candidate))
            {
                return new BlockingCall(invocation, $"{method.ContainingType.Name}.{method.Name}", current => Renamed((InvocationExpressionSyntax)current, twinName, withToken, model)!)
                {
                    Member = method.Name,
                };
            }
            // EF Core's async LINQ operators are extension methods of a namespace the file may not import yet.
            if (EfCoreTwin(model, invocation, twinName) && invocation.Expression is MemberAccessExpressionSyntax)
            {
                return new BlockingCall(invocation, $"{method.ContainingType.Name}.{method.Name}", current => Renamed((InvocationExpressionSyntax)current, twinName, withToken, model)!)
                {
                    Member = method.Name,
                    NeedsUsing = EfCoreNamespace,
                };
            }
        }
        return null;
    }

    private const string EfCoreNamespace = "Microsoft.EntityFrameworkCore";

    private static bool EfCoreTwin(SemanticModel model, InvocationExpressionSyntax invocation, string twinName)
    {
        var extensions = model.Compilation.GetTypeByMetadataName(EfCoreNamespace + ".EntityFrameworkQueryableExtensions");
        if (extensions is null || invocation.Expression is not MemberAccessExpressionSyntax access)
        {
            return false;
        }
        var receiver = model.GetTypeInfo(access.Expression).Type;
        return receiver is not null && extensions.GetMembers(twinName).OfType<IMethodSymbol>().Any(m =>
            m.Parameters.Length > 0 && m.Parameters[0].Type.OriginalDefinition.ToDisplayString() == "System.Linq.IQueryable<T>"
            && receiver.AllInterfaces.Append(receiver).Any(i => i.OriginalDefinition.ToDisplayString() == "System.Linq.IQueryable<T>"));
    }

    private static bool Binds(SemanticModel model, InvocationExpressionSyntax original, InvocationExpressionSyntax candidate)
    {
        var info = model.GetSpeculativeSymbolInfo(original.SpanStart, candidate, SpeculativeBindingOption.BindAsExpression);
        return info.Symbol is IMethodSymbol twin && IsAwaitable(twin.ReturnType);
    }

    // The same call under another name; the token is passed by name when the twin's parameter is called so, else last.
    private static InvocationExpressionSyntax? Renamed(InvocationExpressionSyntax invocation, string name, ExpressionSyntax? token, SemanticModel model)
    {
        var renamed = Rename(invocation, name);
        if (token is null)
        {
            return renamed;
        }
        var argument = SyntaxFactory.Argument(token);
        if (invocation.ArgumentList.Arguments.Any(a => a.NameColon is not null))
        {
            argument = argument.WithNameColon(SyntaxFactory.NameColon("cancellationToken"));
        }
        _ = model;
        return renamed.WithArgumentList(WithArgument(renamed.ArgumentList, argument));
    }

    // One more argument after the others, its comma followed by a space as written by hand (AddArguments adds a bare
    // comma); the existing separators keep their trivia, so a call spread over lines stays so.
    private static ArgumentListSyntax WithArgument(ArgumentListSyntax list, ArgumentSyntax argument)
    {
        if (list.Arguments.Count == 0)
        {
            return list.AddArguments(argument);
        }
        var separators = list.Arguments.GetSeparators().Append(SyntaxFactory.Token(SyntaxKind.CommaToken).WithTrailingTrivia(SyntaxFactory.Space));
        return list.WithArguments(SyntaxFactory.SeparatedList(list.Arguments.Append(argument), separators));
    }

    private static InvocationExpressionSyntax Rename(InvocationExpressionSyntax invocation, string name)
    {
        SimpleNameSyntax Named(SimpleNameSyntax old) => old switch
        {
            GenericNameSyntax generic => generic.WithIdentifier(SyntaxFactory.Identifier(name).WithTriviaFrom(generic.Identifier)),
            _ => SyntaxFactory.IdentifierName(SyntaxFactory.Identifier(name).WithTriviaFrom(old.Identifier)),
        };
        return invocation.Expression switch
        {
            MemberAccessExpressionSyntax access => invocation.WithExpression(access.WithName(Named(access.Name))),
            MemberBindingExpressionSyntax binding => invocation.WithExpression(binding.WithName(Named(binding.Name))),
            SimpleNameSyntax simple => invocation.WithExpression(Named(simple)),
            _ => invocation,
        };
    }

    private static BlockingCall Unrewritable(ExpressionSyntax node, string construct, string member) =>
        new(node, construct, _ => throw new FixRefusedException(construct)) { Member = member, Refuse = true };

    internal static bool IsTaskType(ITypeSymbol? type) =>
        type?.OriginalDefinition.ToDisplayString() is "System.Threading.Tasks.Task" or "System.Threading.Tasks.Task<TResult>"
            or "System.Threading.Tasks.ValueTask" or "System.Threading.Tasks.ValueTask<TResult>";

    internal static bool IsAwaitable(ITypeSymbol? type) => IsTaskType(type);

    private static string TypeName(INamedTypeSymbol type) => type.IsGenericType ? type.Name + "<T>" : type.Name;
}
