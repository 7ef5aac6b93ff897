using PoolDoctor.Analysis.Rewrite;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A view component's <c>Invoke</c> runs through the same kind of generated delegate as an action, but MVC's view
/// component invoker calls it while a view renders: the request's action is not what that delegate holds. The frame
/// that called the delegate says which (<c>DefaultViewComponentInvoker.InvokeSyncCore</c>), and the candidates are the
/// app's view components' <c>Invoke</c>/<c>InvokeAsync</c> methods, as MVC finds them (a type deriving from
/// <c>ViewComponent</c> or named <c>*ViewComponent</c>). The component renders inside the request: its entry is the
/// request's. Made async, a component's <c>Invoke</c> becomes <c>InvokeAsync</c> (<see cref="AsyncRewriteRules.AsyncName"/>,
/// one rule for the advice and <c>fix</c>: MVC answers 500 to an <c>Invoke</c> that returns a task).
/// </summary>
public sealed class ViewComponentInvocation : IInvokerShape
{
    private const string InvokerNamespace = "Microsoft.AspNetCore.Mvc.ViewComponents";
    private const string ViewComponentBase = "Microsoft.AspNetCore.Mvc.ViewComponent";

    public static ViewComponentInvocation Shape { get; } = new();

    private ViewComponentInvocation()
    {
    }

    public InvokerKind Kind => InvokerKind.ViewComponent;

    /// <summary>Whether the frame that called the generated delegate is MVC's view component invoker.</summary>
    public static bool IsInvoker(FrameName caller) =>
        caller.Namespace == InvokerNamespace || caller.Namespace.StartsWith(InvokerNamespace + ".", StringComparison.Ordinal);

    public bool IsInvokerFrame(FrameName caller) => IsInvoker(caller);

    /// <summary>The view components' invoke methods in the app's IL, as "Type.Method" hints for the call-site search.</summary>
    public IReadOnlyList<string> Roots(CallGraph graph)
    {
        var components = graph.Types
            .Where(t => t.BaseType == ViewComponentBase || t.FullName.EndsWith("ViewComponent", StringComparison.Ordinal))
            .Select(t => t.FullName)
            .ToHashSet(StringComparer.Ordinal);
        return [.. graph.Methods
            .Where(m => components.Contains(m.TypeFullName) && m.Method is "Invoke" or "InvokeAsync")
            .Select(m => m.TypeFullName + "." + m.Method)
            .Distinct()];
    }

    public WorkEntry? Entry(FrameName? root, WorkEntry? requestEntry) => requestEntry;
}
