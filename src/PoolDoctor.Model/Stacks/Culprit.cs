namespace PoolDoctor.Model.Stacks;

/// <summary>
/// A call site that blocks pool threads: the user method that calls the blocking API (where the fix goes), how
/// (kind), on which API, how many pool threads it held, and its share of sampled pool-thread time (0..1).
/// <see cref="ExampleStack"/> is cleaned frames, leaf first.
/// </summary>
public sealed record Culprit(
    string Method,
    BlockingKind Kind,
    string Api,
    int Threads,
    double Share,
    IReadOnlyList<string> ExampleStack,
    double WaitMs = 0)
{
    /// <summary>The user frames from the entry down to the call site, outermost first (cleaned names).</summary>
    public IReadOnlyList<string> Chain { get; init; } = [];

    /// <summary>What the blocked work was serving: <c>GET /customers/{id}</c>, a timer callback, a hosted service's
    /// method, or the outermost user frame; null when nothing said.</summary>
    public string? Entry { get; init; }

    /// <summary>The source construct of <see cref="Method"/> (async method, lambda, local function, ...).</summary>
    public FrameFlavor Flavor { get; init; } = FrameFlavor.Method;

    /// <summary>How <see cref="Method"/> was found and where it is in the source.</summary>
    public CallSite Site { get; init; } = CallSite.OnStack;

    /// <summary>Per frame of <see cref="Chain"/> (same order): where that frame was in the source, when known.</summary>
    public IReadOnlyList<SourceLocation?> ChainSources { get; init; } = [];

    /// <summary>Per frame of <see cref="ExampleStack"/> (same order): where that frame was in the source, when known.</summary>
    public IReadOnlyList<SourceLocation?> ExampleSources { get; init; } = [];

    /// <summary>The user's real lines around the blocking call, when the source was there to read (else null).</summary>
    public SourceExcerpt? Excerpt { get; init; }

    /// <summary>The call site is a lambda queued by Task.Run / StartNew (the Task.Run-wrapper advice applies).</summary>
    public bool InTaskRun { get; init; }

    /// <summary>
    /// For a lock (<see cref="BlockingKind.Lock"/>): the blocking API its holder was sampled in, in the same method, while
    /// the waiters queued (<c>Thread.Sleep</c>); the holder's time is part of <see cref="Share"/>. Null when no holder blocked.
    /// </summary>
    public string? HeldAcross { get; init; }

    /// <summary>The API as every text output names it: <c>Lock.Enter held across Thread.Sleep</c> for a lock whose holder blocks.</summary>
    public string ApiText => HeldAcross is null ? Api : $"{Api} held across {HeldAcross}";

    /// <summary>How a person reads <see cref="Method"/>: "lambda in Program.Main", "Handler (local function)", ...</summary>
    public string DisplayName => FlavoredName.Of(Method, Flavor);
}
