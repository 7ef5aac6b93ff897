using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits.Shapes;

/// <summary>
/// A framework invoker that owns a generated delegate the JIT inlined a user method into (MVC's view component
/// invoker, SignalR's hub dispatcher): the blocked stack shows only the delegate (<c>dynamicClass.lambda_method1</c>)
/// and the invoker's frame above it, so the frame says which shape it is and the app's IL says which of its methods
/// of that shape call the blocking API. Such a delegate is not the request's endpoint delegate: the request's route
/// never names its method. An invoker shape is a culprit shape: one small file, registered in
/// <see cref="CulpritShapes.All"/> like any other, which recognises a stack through <see cref="InvokerShapes.Recognize"/>.
/// </summary>
public interface IInvokerShape : ICulpritShape
{
    /// <summary>Whether the frame that called the generated delegate is this shape's framework invoker.</summary>
    bool IsInvokerFrame(FrameName caller);

    /// <summary>The app's methods of this shape, as "Type.Method" roots for the call-site search (empty: none).</summary>
    IReadOnlyList<string> Roots(CallGraph graph);

    /// <summary>What the blocked work serves, given the root that reaches the call site (the request's own entry
    /// when the shape runs inside the request, as a view component does); null root: no call site was found.</summary>
    WorkEntry? Entry(FrameName? root, WorkEntry? requestEntry);

    /// <summary>Which invoker this is, for the call site's note (Report words it: "inlined into a view component's delegate (…)").</summary>
    InvokerKind Kind { get; }

    BlockingSite? ICulpritShape.Recognize(BlockedStack blocked) => InvokerShapes.Recognize(this, blocked);
}
