namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A call site that blocks pool threads: the user method that calls the blocking API (where the fix goes), how
/// (kind), on which API, how many pool threads it held, and its share of sampled pool-thread time (0..1).
/// <see cref="Example"/> is one sampled stack of it, cleaned frames, leaf first. Each frame of the example and of the
/// <see cref="Chain"/> is one <see cref="CulpritFrame"/>: its name, its place in the source and its package together.
/// </summary>
public sealed record Culprit(
    string Method,
    BlockingKind Kind,
    string Api,
    int Threads,
    double Share,
    IReadOnlyList<CulpritFrame> Example,
    double WaitMs = 0)
{
    /// <summary>How many wait spans make up <see cref="WaitMs"/> (so WaitMs / WaitCount is the mean blocking time).</summary>
    public int WaitCount { get; init; }

    /// <summary>The user frames from the entry down to the call site, outermost first (and, for a package's culprit, the
    /// package's frames after them, each with its package).</summary>
    public IReadOnlyList<CulpritFrame> Chain { get; init; } = [];

    /// <summary>The names of <see cref="Chain"/>'s frames, for what compares or prints names only.</summary>
    public IReadOnlyList<string> ChainNames => [.. Chain.Select(f => f.Method)];

    /// <summary>The names of <see cref="Example"/>'s frames, leaf first.</summary>
    public IReadOnlyList<string> ExampleStack => [.. Example.Select(f => f.Method)];

    /// <summary>What the blocked work was serving, as data (<see cref="WorkEntry"/>): a request's route, a hub or gRPC
    /// method, a timer callback, a hosted service's method, a background worker; null when nothing said.</summary>
    public WorkEntry? Entry { get; init; }

    /// <summary>The source construct of <see cref="Method"/> (async method, lambda, local function, ...).</summary>
    public FrameFlavor Flavor { get; init; } = FrameFlavor.Method;

    /// <summary>How <see cref="Method"/> was found and where it is in the source.</summary>
    public CallSite Site { get; init; } = CallSite.OnStack;

    /// <summary>The PDB checksum of the call site's file and of each chain frame's file, by the PDB's path (empty when unknown).</summary>
    public IReadOnlyDictionary<string, SourceChecksum> SourceChecksums { get; init; } = new Dictionary<string, SourceChecksum>();

    /// <summary>The user's real lines around the blocking call, when the source was there to read (else null).</summary>
    public SourceExcerpt? Excerpt { get; init; }

    /// <summary>The call site is a lambda queued by Task.Run / StartNew (the Task.Run-wrapper advice applies).</summary>
    public bool InTaskRun { get; init; }

    /// <summary>When the blocking happens inside a package: the package the app references that leads to the blocking
    /// API (where the fix goes); <see cref="Method"/> is then its method (<see cref="PackageMethod"/>). Null otherwise.</summary>
    public PackageRef? Package { get; init; }

    /// <summary>The method of <see cref="Package"/> that leads to the blocking API (its frame nearest the API).</summary>
    public string? PackageMethod { get; init; }

    /// <summary>The user's own frame that reaches the package (what the user can change today), or, when no user frame
    /// is on the stack, the user method whose IL calls into the package (its registration); null when neither is known.</summary>
    public string? UserFrame { get; init; }

    /// <summary>The async twin of <see cref="Api"/> as its declaring type's metadata says (null: not looked up).</summary>
    public AsyncTwin? ApiTwin { get; init; }

    /// <summary>The async twin of <see cref="PackageMethod"/> in the package (null: not looked up or no package).</summary>
    public AsyncTwin? PackageTwin { get; init; }

    /// <summary>The library API the user's frame calls into the package through (e.g. <c>LoggerExtensions.LogInformation</c>)
    /// and its async twin, when the package is reached through it (null: the user calls the package itself, or unknown).</summary>
    public AsyncTwin? UserCallTwin { get; init; }

    /// <summary>The async API the user's code awaited that ran synchronously into the package (null: none on the stack).</summary>
    public AwaitedRanSync? AwaitedRanSync { get; init; }

    /// <summary>
    /// For a lock (<see cref="BlockingKind.Lock"/>): the blocking API its holder was sampled in, in the same method, while
    /// the waiters queued (<c>Thread.Sleep</c>); the holder's time is part of <see cref="Share"/>. Null when no holder blocked.
    /// </summary>
    public string? HeldAcross { get; init; }

    /// <summary>How it held pool threads over the capture window: at its start and end, how many came, whether it served
    /// requests, and whether it grew or held the same threads throughout (null when the samples were not timed).</summary>
    public CulpritHold? Hold { get; init; }

    /// <summary><see cref="Api"/> as its declaring type and member (what `fix` looks for in the source).</summary>
    public ApiName ApiName => ApiName.Parse(Api);

    /// <summary><see cref="HeldAcross"/> as its declaring type and member; null when no holder blocked.</summary>
    public ApiName? HeldAcrossName => HeldAcross is null ? null : ApiName.Parse(HeldAcross);

    /// <summary>The API as every text output names it: <c>Lock.Enter held across Thread.Sleep</c> for a lock whose holder blocks.</summary>
    public string ApiText => HeldAcross is null ? Api : $"{Api} held across {HeldAcross}";

    /// <summary>How a person reads <see cref="Method"/>: "lambda in Program.Main", "Handler (local function)", ...</summary>
    public string DisplayName => FlavoredName.Of(Method, Flavor);
}
