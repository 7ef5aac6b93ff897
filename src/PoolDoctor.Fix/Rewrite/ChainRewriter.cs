using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis;
using PoolDoctor.Analysis.Rewrite;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Fix.Rewrite;

/// <summary>
/// The fix itself, with no I/O: from a loaded solution and a culprit to the changed solution. The blocking call
/// becomes its awaited twin; the function around it becomes async; every caller of a function whose result type
/// changed awaits it and becomes async in turn, up to functions nothing in the source calls (the entry: an action, a
/// handler, a gRPC method, middleware, a hosted service). Interface members follow, with their other implementations
/// (returning a completed task); callers that are not on the report's chain are changed too and listed. A lock held
/// across the call becomes a SemaphoreSlim. Anything it cannot rewrite mechanically throws
/// <see cref="FixRefusedException"/> with one line naming the construct and its place.
/// </summary>
internal sealed class ChainRewriter
{
    private readonly Solution _solution;
    private readonly Culprit _culprit;
    private readonly bool _rename;
    private readonly string _root;
    private readonly SyntaxEdits _edits = new();
    private readonly HashSet<SyntaxNode> _async = [];
    private readonly HashSet<ISymbol> _chased = new(SymbolEqualityComparer.Default);
    private readonly List<AlsoChanged> _also = [];
    private readonly HashSet<(DocumentId, string)> _usings = [];
    private readonly Queue<(Document Document, SyntaxNode Function)> _work = new();
    private readonly HashSet<SyntaxNode> _awaited = [];

    private ChainRewriter(Solution solution, Culprit culprit, bool rename, string root)
    {
        (_solution, _culprit, _rename, _root) = (solution, culprit, rename, root);
    }

    public sealed record Result(Solution Solution, IReadOnlyList<AlsoChanged> AlsoChanged, string CallSite);

    public static async Task<Result> RewriteAsync(Solution solution, Document callSite, Culprit culprit, bool rename, string root, CancellationToken cancellation)
    {
        var rewriter = new ChainRewriter(solution, culprit, rename, root);
        var site = await rewriter.FixCallSiteAsync(callSite, cancellation);
        while (rewriter._work.Count > 0)
        {
            var (document, function) = rewriter._work.Dequeue();
            await rewriter.MakeAsyncAsync(document, function, cancellation);
        }
        await rewriter.AddUsingsAsync(cancellation);
        var changed = await rewriter._edits.ApplyAsync(solution, cancellation);
        return new Result(changed, rewriter._also, site);
    }

    private async Task<string> FixCallSiteAsync(Document document, CancellationToken cancellation)
    {
        var root = (await document.GetSyntaxRootAsync(cancellation))!;
        var model = (await document.GetSemanticModelAsync(cancellation))!;
        var text = await document.GetTextAsync(cancellation);
        var where = $"{Relative(document)}:{_culprit.Site.Line}";
        var (call, lockStatement) = CallSiteLocator.Find(model, root, text, _culprit, where);
        var function = EnclosingFunction(call.Node, where, call.Construct);
        ReplaceWithAwait(document, call.Node, call.Async);
        NeedsTask(document);
        if (call.NeedsUsing is { } ns)
        {
            _usings.Add((document.Id, ns));
        }
        foreach (var sibling in SiblingCalls(model, function, call, lockStatement))
        {
            ReplaceWithAwait(document, sibling.Node, sibling.Async);
            if (sibling.NeedsUsing is { } more)
            {
                _usings.Add((document.Id, more));
            }
            _also.Add(new AlsoChanged(FunctionName(document, function), Relative(document), Line(sibling.Node),
                $"{sibling.Construct} in the same method, which became async: awaited too, or the method would still block a pool thread there"));
        }
        Enqueue(document, function);
        if (lockStatement is not null)
        {
            // The lock's other users are rewritten after the walk, when it is known which of them are async.
            _pendingLock = (document, lockStatement);
        }
        return $"{call.Construct} at {where}";
    }

    private (Document Document, LockStatementSyntax Lock)? _pendingLock;

    // The other blocking calls with an awaitable twin in the call site's own function that the rules await beside the
    // culprit (AsyncRewriteRules.AwaitedBeside, which the advice follows too). Calls in nested functions,
    // in a lock that stays a lock (C# forbids await there), and shapes refused as the culprit are left as they are.
    private static List<BlockingCall> SiblingCalls(SemanticModel model, SyntaxNode function, BlockingCall call, LockStatementSyntax? rewrittenLock)
    {
        var taken = new List<BlockingCall>();
        foreach (var other in BlockingCallFinder.In(model, function))
        {
            if (other.Refuse || other.ValueUsed || !AsyncRewriteRules.AwaitedBeside(other.Member, other.OnTask) || other.Node.Span.IntersectsWith(call.Node.Span)
                || EnclosingFunctionOrNull(other.Node) != function
                || other.Node.Ancestors().TakeWhile(a => a != function).OfType<LockStatementSyntax>().Any(l => l != rewrittenLock)
                || taken.Any(t => t.Node.Span.IntersectsWith(other.Node.Span)))
            {
                continue;
            }
            taken.Add(other);
        }
        return taken;
    }

    private void Enqueue(Document document, SyntaxNode function)
    {
        if (_async.Add(function))
        {
            _work.Enqueue((document, function));
        }
    }

    private async Task MakeAsyncAsync(Document document, SyntaxNode function, CancellationToken cancellation)
    {
        var model = (await document.GetSemanticModelAsync(cancellation))!;
        var where = Location(document, function);
        switch (function)
        {
            case AnonymousFunctionExpressionSyntax lambda:
                if (!lambda.Modifiers.Any(SyntaxKind.AsyncKeyword))
                {
                    // What the lambda's delegate returns: a Task (inline middleware) keeps its type and its returns are awaited.
                    var lambdaShape = model.GetSymbolInfo(lambda, cancellation).Symbol is IMethodSymbol delegateMethod
                        ? Shape(delegateMethod)
                        : new AsyncSignatures.Shape(false, false, false);
                    GivesSameTypeArguments(model, lambda, lambdaShape, where, cancellation);
                    _edits.Replace(document, lambda, n => AsyncSignatures.MakeAsync(n, lambdaShape, null));
                }
                return;
            case MethodDeclarationSyntax or LocalFunctionStatementSyntax:
                break;
            default:
                throw new FixRefusedException($"{Construct(function)} at {where}: C# cannot make it async");
        }
        var symbol = (IMethodSymbol)model.GetDeclaredSymbol(function, cancellation)!;
        var modifiers = function is MethodDeclarationSyntax m ? m.Modifiers : ((LocalFunctionStatementSyntax)function).Modifiers;
        if (modifiers.Any(SyntaxKind.AsyncKeyword))
        {
            return;
        }
        if (symbol.Parameters.Any(p => p.RefKind is RefKind.Ref or RefKind.Out or RefKind.In))
        {
            throw new FixRefusedException($"{Name(symbol)} at {where} has a ref/out/in parameter, which an async method cannot have");
        }
        if (function.DescendantNodes().Any(n => n is YieldStatementSyntax && EnclosingFunctionOrNull(n) == function))
        {
            throw new FixRefusedException($"iterator {Name(symbol)} at {where}: an iterator cannot await (an IAsyncEnumerable rewrite is not mechanical)");
        }
        if (function is MethodDeclarationSyntax { Body: null, ExpressionBody: null })
        {
            throw new FixRefusedException($"{Name(symbol)} at {where} has no body here (abstract, partial or extern)");
        }
        if (FilterRewrite.Applies(symbol))
        {
            FilterRewrite.Rewrite(document, (MethodDeclarationSyntax)function, symbol, _edits, where);
            NeedsTask(document);
            return;
        }
        var shape = Shape(symbol);
        var newName = await NewNameAsync(symbol, shape, cancellation);
        _edits.Replace(document, function, n => AsyncSignatures.MakeAsync(n, shape, newName));
        NeedsTask(document);
        if (shape.TaskLike)
        {
            return; // its callers already get a task: nothing changes for them
        }
        if (symbol.MethodKind == MethodKind.Ordinary && symbol.Name == "Main" && symbol.IsStatic)
        {
            return; // the runtime calls Main: async Task Main is allowed
        }
        await ChaseAsync(symbol, newName, cancellation);
    }

    // A lambda passed to a generic method may be what its type argument is inferred from: a DI factory,
    // `services.AddScoped(sp => new Tenant(....Result))`, made async compiles as AddScoped<Task<Tenant>> and registers
    // a Task instead of the service (the lab's tenant/sync: it compiled, and the app lost TenantContext). The call,
    // bound again with the lambda made async, must keep its type arguments (Task.Run<T>(Func<T>) does: it has a
    // Func<Task<T>> overload); else the shape is refused.
    private static void GivesSameTypeArguments(SemanticModel model, AnonymousFunctionExpressionSyntax lambda, AsyncSignatures.Shape shape, string where, CancellationToken cancellation)
    {
        if (lambda.Parent is not ArgumentSyntax { Parent: ArgumentListSyntax { Parent: InvocationExpressionSyntax invocation } }
            || invocation.Expression is MemberBindingExpressionSyntax
            || model.GetSymbolInfo(invocation, cancellation).Symbol is not IMethodSymbol { IsGenericMethod: true } before)
        {
            return;
        }
        var candidate = invocation.ReplaceNode(lambda, AsyncSignatures.MakeAsync(lambda, shape, null));
        var after = model.GetSpeculativeSymbolInfo(invocation.SpanStart, candidate, SpeculativeBindingOption.BindAsExpression).Symbol as IMethodSymbol;
        if (after is null || !Enumerable.SequenceEqual<ISymbol>(after.TypeArguments, before.TypeArguments, SymbolEqualityComparer.Default))
        {
            var was = string.Join(", ", before.TypeArguments.Select(t => t.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat)));
            throw new FixRefusedException($"the lambda passed to {before.Name}<{was}> at {where} gives its type argument: made async it would give a Task instead (a factory cannot await; not a mechanical fix)");
        }
    }

    // The result type changed: every member it implements or overrides follows, and every caller awaits it.
    private async Task ChaseAsync(IMethodSymbol symbol, string? newName, CancellationToken cancellation)
    {
        if (!_chased.Add(symbol))
        {
            return;
        }
        var related = new List<IMethodSymbol> { symbol };
        foreach (var member in Implemented(symbol))
        {
            if (!InSource(member))
            {
                throw new FixRefusedException($"{Name(symbol)} ({Location(symbol)}) implements {member.ContainingType.ToDisplayString()}.{member.Name} from {member.ContainingAssembly.Name}: its signature is not the code's to change");
            }
            related.Add(member);
            await ChangeDeclarationAsync(member, symbol, newName, cancellation);
        }
        foreach (var member in related)
        {
            await AwaitCallersAsync(member, newName, cancellation);
        }
    }

    private IEnumerable<IMethodSymbol> Implemented(IMethodSymbol symbol)
    {
        var members = new List<IMethodSymbol>();
        if (symbol.OverriddenMethod is { } overridden)
        {
            members.Add(overridden);
        }
        members.AddRange(symbol.ExplicitInterfaceImplementations);
        foreach (var iface in symbol.ContainingType.AllInterfaces)
        {
            foreach (var member in iface.GetMembers().OfType<IMethodSymbol>())
            {
                if (SymbolEqualityComparer.Default.Equals(symbol.ContainingType.FindImplementationForInterfaceMember(member), symbol))
                {
                    members.Add(member);
                }
            }
        }
        return members.Distinct<IMethodSymbol>(SymbolEqualityComparer.Default);
    }

    // An interface or base member whose implementation became async: its result type changes, and its other
    // implementations return a completed task (they do not block, so they do not become async).
    private async Task ChangeDeclarationAsync(IMethodSymbol member, IMethodSymbol changed, string? newName, CancellationToken cancellation)
    {
        if (!_chased.Add(member))
        {
            return;
        }
        var shape = Shape(member);
        foreach (var reference in member.DeclaringSyntaxReferences)
        {
            var document = _solution.GetDocument(reference.SyntaxTree)!;
            var declaration = (MethodDeclarationSyntax)await reference.GetSyntaxAsync(cancellation);
            if (declaration.Body is null && declaration.ExpressionBody is null)
            {
                _edits.Replace(document, declaration, n => AsyncSignatures.ChangeResultType((MethodDeclarationSyntax)n, shape, newName));
                NeedsTask(document);
                _also.Add(new AlsoChanged(Name(member), Relative(document), Line(declaration), $"declares {Name(changed)}; its result type follows"));
            }
            else
            {
                Enqueue(document, declaration);
            }
        }
        var implementations = await SymbolFinder.FindImplementationsAsync(member, _solution, cancellationToken: cancellation);
        var overrides = member.IsVirtual || member.IsAbstract ? await SymbolFinder.FindOverridesAsync(member, _solution, cancellationToken: cancellation) : [];
        foreach (var other in implementations.Concat(overrides).OfType<IMethodSymbol>().Distinct<IMethodSymbol>(SymbolEqualityComparer.Default))
        {
            if (SymbolEqualityComparer.Default.Equals(other, changed) || !_chased.Add(other))
            {
                continue;
            }
            foreach (var reference in other.DeclaringSyntaxReferences)
            {
                var document = _solution.GetDocument(reference.SyntaxTree)!;
                var declaration = (MethodDeclarationSyntax)await reference.GetSyntaxAsync(cancellation);
                if (declaration.Modifiers.Any(SyntaxKind.AsyncKeyword) || _async.Contains(declaration))
                {
                    continue;
                }
                var resultType = other.ReturnsVoid ? "" : other.ReturnType.ToMinimalDisplayString(
                    (await document.GetSemanticModelAsync(cancellation))!, declaration.SpanStart);
                _edits.Replace(document, declaration, n => AsyncSignatures.CompletedTask((MethodDeclarationSyntax)n, shape, resultType, newName));
                NeedsTask(document);
                _also.Add(new AlsoChanged(Name(other), Relative(document), Line(declaration), $"another implementation of {Name(member)}: returns a completed task"));
            }
            await AwaitCallersAsync(other, newName, cancellation);
        }
    }

    private async Task AwaitCallersAsync(IMethodSymbol method, string? newName, CancellationToken cancellation)
    {
        var references = await SymbolFinder.FindReferencesAsync(method, _solution, cancellation);
        foreach (var location in references.Where(r => SymbolEqualityComparer.Default.Equals(r.Definition, method) || r.Definition.OriginalDefinition.Equals(method.OriginalDefinition, SymbolEqualityComparer.Default)).SelectMany(r => r.Locations))
        {
            if (location.IsImplicit || location.Document is not { } document)
            {
                continue;
            }
            var root = (await document.GetSyntaxRootAsync(cancellation))!;
            var name = root.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true);
            if (name is not SimpleNameSyntax)
            {
                continue; // a reference in a doc comment's cref, or no name the tool can follow
            }
            var invoked = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : (ExpressionSyntax)name;
            if (invoked.Parent is not InvocationExpressionSyntax invocation || invocation.Expression != invoked)
            {
                if (newName is not null && name is SimpleNameSyntax simple)
                {
                    _edits.Replace(document, simple, n => Renamed((SimpleNameSyntax)n, newName));
                }
                continue; // a method group: the compile check says whether its delegate still fits
            }
            if (invoked.Parent?.Parent is ConditionalAccessExpressionSyntax || name.Parent is MemberBindingExpressionSyntax)
            {
                throw new FixRefusedException($"conditional call ?.{method.Name}() at {Location(document, invocation)}: awaiting a null task throws");
            }
            if (!_awaited.Add(invocation))
            {
                continue;
            }
            if (newName is not null)
            {
                _edits.Replace(document, (SimpleNameSyntax)name, n => Renamed((SimpleNameSyntax)n, newName));
            }
            ReplaceWithAwait(document, invocation, current => current);
            var function = EnclosingFunction(invocation, Location(document, invocation), $"a call of {method.Name}");
            if (!await OnChainAsync(document, function, cancellation))
            {
                _also.Add(new AlsoChanged(FunctionName(document, function), Relative(document), Line(invocation), $"calls {Name(method)}, which became async"));
            }
            Enqueue(document, function);
        }
    }

    private static SimpleNameSyntax Renamed(SimpleNameSyntax name, string newName) =>
        name.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(name.Identifier));

    // The expression becomes `await expr`, in parentheses where it is the receiver of something else.
    private void ReplaceWithAwait(Document document, ExpressionSyntax node, Func<ExpressionSyntax, ExpressionSyntax> toAwaitable)
    {
        var place = node.Parent switch
        {
            MemberAccessExpressionSyntax or ElementAccessExpressionSyntax or ConditionalAccessExpressionSyntax or InvocationExpressionSyntax => AsyncRewriteRules.AwaitPlace.Receiver,
            PostfixUnaryExpressionSyntax => AsyncRewriteRules.AwaitPlace.PostfixOperand,
            BinaryExpressionSyntax { RawKind: (int)SyntaxKind.AsExpression or (int)SyntaxKind.IsExpression or (int)SyntaxKind.CoalesceExpression } binary when binary.Left == node => AsyncRewriteRules.AwaitPlace.LeftOperand,
            _ => AsyncRewriteRules.AwaitPlace.Alone,
        };
        var parenthesize = AsyncRewriteRules.Parenthesized(place);
        _edits.Replace(document, node, current =>
        {
            var awaitable = toAwaitable((ExpressionSyntax)current);
            ExpressionSyntax awaited = AsyncSignatures.Await(awaitable.WithoutTrivia());
            if (parenthesize)
            {
                awaited = SyntaxFactory.ParenthesizedExpression(awaited);
            }
            return awaited.WithTriviaFrom(current);
        });
    }

    private async Task AddUsingsAsync(CancellationToken cancellation)
    {
        if (_pendingLock is { } pending)
        {
            await LockRewrite.RewriteAsync(_solution, pending.Document, pending.Lock, _edits, _async, _also, Relative, cancellation);
            _usings.Add((pending.Document.Id, "System.Threading"));
        }
        foreach (var (id, ns) in _usings)
        {
            var document = _solution.GetDocument(id)!;
            var root = (CompilationUnitSyntax)(await document.GetSyntaxRootAsync(cancellation))!;
            if (await ImportedAsync(document, root, ns, cancellation))
            {
                continue;
            }
            // Among the file's usings; a file with none gets the directive and a blank line before what follows.
            var newLines = root.Usings.Count == 0 ? new[] { SyntaxFactory.EndOfLine("\n"), SyntaxFactory.EndOfLine("\n") } : [SyntaxFactory.EndOfLine("\n")];
            _edits.Replace(document, root, n => ((CompilationUnitSyntax)n).AddUsings(
                SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(" " + ns)).WithTrailingTrivia(newLines)));
        }
    }

    // Imported by the file itself, by a namespace it is in, or by a global using anywhere in the project (ImplicitUsings).
    private static async Task<bool> ImportedAsync(Document document, CompilationUnitSyntax root, string ns, CancellationToken cancellation)
    {
        bool Imports(CompilationUnitSyntax unit, bool globalOnly) => unit.Usings.Any(u =>
            (!globalOnly || u.GlobalKeyword.IsKind(SyntaxKind.GlobalKeyword)) && u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None)
            && u.Name?.ToString().Replace("global::", "", StringComparison.Ordinal) == ns);
        if (Imports(root, globalOnly: false) || root.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().Any(n => n.Name.ToString() == ns))
        {
            return true;
        }
        foreach (var tree in document.Project.Documents.Select(d => d.GetSyntaxTreeAsync(cancellation)))
        {
            if ((await tree)?.GetRoot(cancellation) is CompilationUnitSyntax unit && Imports(unit, globalOnly: true))
            {
                return true;
            }
        }
        return false;
    }

    private void NeedsTask(Document document) => _usings.Add((document.Id, "System.Threading.Tasks"));

    private async Task<string?> NewNameAsync(IMethodSymbol symbol, AsyncSignatures.Shape shape, CancellationToken cancellation)
    {
        // A name the rules give a function made async (a view component's Invoke) is taken whatever --rename says.
        if (!shape.TaskLike && AsyncRewriteRules.AsyncName(symbol.Name, IsViewComponent(symbol.ContainingType)) is { } ruled)
        {
            return ruled;
        }
        if (!_rename || shape.TaskLike || symbol.Name.EndsWith("Async", StringComparison.Ordinal) || symbol.MethodKind != MethodKind.Ordinary && symbol.MethodKind != MethodKind.LocalFunction)
        {
            return null;
        }
        // An entry's name is part of its route or contract (an action nothing in the source names): kept.
        foreach (var member in Implemented(symbol).Prepend(symbol))
        {
            var references = await SymbolFinder.FindReferencesAsync(member, _solution, cancellation);
            if (references.Any(r => r.Locations.Any(l => !l.IsImplicit)))
            {
                return symbol.Name + "Async";
            }
        }
        return null;
    }

    private static bool IsViewComponent(INamedTypeSymbol? type)
    {
        if (type is null)
        {
            return false;
        }
        var bases = new List<string>();
        for (var t = type.BaseType; t is not null; t = t.BaseType)
        {
            bases.Add(t.ToDisplayString());
        }
        return AsyncRewriteRules.IsViewComponent(type.Name, bases, type.GetAttributes().Select(a => a.AttributeClass?.ToDisplayString() ?? ""));
    }

    private static AsyncSignatures.Shape Shape(IMethodSymbol symbol) =>
        new(symbol.ReturnsVoid, BlockingCallFinder.IsAwaitable(symbol.ReturnType),
            symbol.ReturnType.OriginalDefinition.ToDisplayString() is "System.Threading.Tasks.Task" or "System.Threading.Tasks.ValueTask");

    private SyntaxNode EnclosingFunction(SyntaxNode node, string where, string what)
    {
        var function = EnclosingFunctionOrNull(node);
        if (function is null or AccessorDeclarationSyntax or BasePropertyDeclarationSyntax or ConstructorDeclarationSyntax or OperatorDeclarationSyntax or ConversionOperatorDeclarationSyntax or DestructorDeclarationSyntax)
        {
            throw new FixRefusedException($"{what} at {where} is in {(function is null ? "a field initializer" : Construct(function))}, which C# cannot make async (make it a method returning a Task first)");
        }
        return function;
    }

    private static SyntaxNode? EnclosingFunctionOrNull(SyntaxNode node) => node.Ancestors().FirstOrDefault(CallSiteLocator.IsFunction);

    private static string Construct(SyntaxNode function) => function switch
    {
        AccessorDeclarationSyntax a => $"the {a.Keyword.Text} accessor of property {Member(a.Parent?.Parent)}",
        BasePropertyDeclarationSyntax p => $"the getter of property {Member(p)}",
        ConstructorDeclarationSyntax => "a constructor",
        OperatorDeclarationSyntax or ConversionOperatorDeclarationSyntax => "an operator",
        DestructorDeclarationSyntax => "a finalizer",
        _ => function.Kind().ToString(),
    };

    private static string Member(SyntaxNode? member) => member switch
    {
        PropertyDeclarationSyntax p => $"{p.Ancestors().OfType<BaseTypeDeclarationSyntax>().FirstOrDefault()?.Identifier.Text}.{p.Identifier.Text}",
        IndexerDeclarationSyntax i => $"{i.Ancestors().OfType<BaseTypeDeclarationSyntax>().FirstOrDefault()?.Identifier.Text}[]",
        _ => "",
    };

    // On the chain when the report's chain names this function's method (Type.Method, or a lambda in it).
    private async Task<bool> OnChainAsync(Document document, SyntaxNode function, CancellationToken cancellation)
    {
        var name = FunctionName(document, function);
        return _culprit.Chain.Count == 0 || _culprit.Chain.Any(f => ChainMatches(f.Method, name)) || ChainMatches(_culprit.Method, name)
            || ChainMembership.ByPlace(_solution, _culprit, document, function)
            || await ChainMembership.IsEntryAsync(document, function, EntryText.Of(_culprit.Entry), cancellation);
    }

    private static bool ChainMatches(string frame, string name)
    {
        var method = name[(name.LastIndexOf('.') + 1)..];
        return frame == name || frame.EndsWith("." + name, StringComparison.Ordinal) || frame.Contains(name, StringComparison.Ordinal)
            || name.StartsWith("lambda in ", StringComparison.Ordinal) && frame.Contains(name["lambda in ".Length..], StringComparison.Ordinal)
            || frame.EndsWith("." + method, StringComparison.Ordinal) && frame.Split('.').Length >= 2 && name.Contains(frame.Split('.')[^2], StringComparison.Ordinal);
    }

    private static string FunctionName(Document document, SyntaxNode function)
    {
        _ = document;
        var method = function.AncestorsAndSelf().OfType<BaseMethodDeclarationSyntax>().FirstOrDefault();
        var type = function.Ancestors().OfType<BaseTypeDeclarationSyntax>().FirstOrDefault()?.Identifier.Text ?? "Program";
        var methodName = method switch
        {
            MethodDeclarationSyntax m => m.Identifier.Text,
            ConstructorDeclarationSyntax => ".ctor",
            null => "<Main>$",
            _ => method.Kind().ToString(),
        };
        return function switch
        {
            AnonymousFunctionExpressionSyntax => $"lambda in {type}.{methodName}",
            LocalFunctionStatementSyntax l => $"{type}.{methodName}.{l.Identifier.Text}",
            _ => $"{type}.{methodName}",
        };
    }

    private static string Name(IMethodSymbol symbol) => $"{symbol.ContainingType.Name}.{symbol.Name}";

    private static bool InSource(ISymbol symbol) => symbol.Locations.Any(l => l.IsInSource);

    private string Location(IMethodSymbol symbol) =>
        symbol.Locations.FirstOrDefault(l => l.IsInSource) is { } l && _solution.GetDocument(l.SourceTree) is { } d
            ? $"{Relative(d)}:{l.GetLineSpan().StartLinePosition.Line + 1}"
            : symbol.ToDisplayString();

    private string Location(Document document, SyntaxNode node) => $"{Relative(document)}:{Line(node)}";

    private static int Line(SyntaxNode node) => node.GetLocation().GetLineSpan().StartLinePosition.Line + 1;

    private string Relative(Document document) => document.FilePath is { } path ? System.IO.Path.GetRelativePath(_root, path) : document.Name;
}
