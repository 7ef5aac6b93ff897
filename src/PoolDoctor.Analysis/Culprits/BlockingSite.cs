using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Where one stack blocks: the call site (the user method that calls the blocking API, where the fix goes), the kind
/// of blocking and the API, the user frames from the entry down to the call site, and what the work was serving.
/// </summary>
public sealed record BlockingSite(string Method, BlockingKind Kind, string Api)
{
    public FrameFlavor Flavor { get; init; } = FrameFlavor.Method;

    /// <summary>The frames from the entry down to the call site, outermost first: the user's, then (when the blocking
    /// happens inside a package) the package's; each with its source line when known.</summary>
    public IReadOnlyList<CulpritFrame> Chain { get; init; } = [];

    public WorkEntry? Entry { get; init; }

    public CallSite Site { get; init; } = CallSite.OnStack;

    /// <summary>
    /// The user frame calls the blocking API itself (no library frame between them): a lock the method enters, not one
    /// taken inside <c>SemaphoreSlim.Release</c> or a driver's pool that the method merely calls.
    /// </summary>
    public bool CallsApiDirectly { get; init; }

    /// <summary>The call site is a lambda that Task.Run (or StartNew) queued to the pool.</summary>
    public bool InTaskRun { get; init; }

    /// <summary>The package the app references that leads to the API, when the blocking happens inside packages.</summary>
    public PackageRef? Package { get; init; }

    public string? PackageMethod { get; init; }

    /// <summary>The user's frame that reaches the package, or the user method whose IL calls into it.</summary>
    public string? UserFrame { get; init; }

    public AsyncTwin? ApiTwin { get; init; }

    public AsyncTwin? PackageTwin { get; init; }

    public AsyncTwin? UserCallTwin { get; init; }

    public AwaitedRanSync? AwaitedRanSync { get; init; }
}
