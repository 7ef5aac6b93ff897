using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// A runtime method name taken apart: the namespace, the visible type chain (nested types, generic arity shown
/// as <c>&lt;T&gt;</c>, compiler-generated closure and state-machine classes removed), the source method that owns
/// the code and what construct it is (async state machine, lambda, local function).
/// </summary>
/// <param name="Namespace">e.g. <c>PoolDoctor.Lab</c>; empty for global types such as <c>Interop</c>.</param>
/// <param name="Types">Visible type chain, outermost first, e.g. <c>["PortableThreadPool", "WorkerThread"]</c>.</param>
/// <param name="Method">The source method, e.g. <c>TaskAsyncWait</c> for its state machine's <c>MoveNext</c>,
/// <c>DbTaskRun</c> for a lambda inside it, <c>Outer.Local</c> for a local function.</param>
/// <param name="TypeFullName">Namespace and raw type chain joined by dots, without generic arguments or arity:
/// what user-code prefixes and the blocking-API table match against.</param>
public sealed record FrameName(
    string Namespace,
    IReadOnlyList<string> Types,
    string Method,
    FrameFlavor Flavor,
    string TypeFullName)
{
    public static FrameName Unresolved { get; } = new("", [], "?", FrameFlavor.Unresolved, "");

    /// <summary><see cref="TypeFullName"/> and <see cref="Method"/>: what the pool-frame and blocking-API tables are keyed by.</summary>
    public string Key { get; } = TypeFullName.Length == 0 ? Method : TypeFullName + "." + Method;

    /// <summary>Type chain and source method: <c>DiagScenarioController.DbTaskRun</c>, the name culprits use.</summary>
    public string Owner => Types.Count == 0 ? Method : string.Join('.', Types) + "." + Method;

    /// <summary>Namespace-qualified <see cref="Owner"/>, e.g. <c>PoolDoctor.Lab.DiagScenarioController.DbTaskRun</c>.</summary>
    public string QualifiedOwner => Namespace.Length == 0 ? Owner : Namespace + "." + Owner;

    /// <summary>What a person reads in a stack: <c>DiagScenarioController.TaskAsyncWait (async)</c>.</summary>
    public string Display => FlavoredName.Of(Owner, Flavor);

    /// <summary>True for code that runs as a state machine step (an async method body, not a blocking call).</summary>
    public bool IsStateMachine => Flavor is FrameFlavor.Async or FrameFlavor.AsyncLambda or FrameFlavor.AsyncLocalFunction;
}
