namespace PoolDoctor.Model.Stacks;

/// <summary>What kind of source construct a frame belongs to once compiler-generated names are undone.</summary>
public enum FrameFlavor
{
    Method,
    Async,
    Lambda,
    AsyncLambda,
    LocalFunction,
    AsyncLocalFunction,
    Unresolved,
}
