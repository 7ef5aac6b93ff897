namespace PoolDoctor.Lab.Scenarios;

/// <summary>
/// One lab route and what a correct diagnosis of it says.
/// </summary>
/// <param name="Route">The URL to load, relative to the host's prefix, e.g. <c>customers/42</c>.</param>
/// <param name="Pattern">What the code does, in a few words.</param>
/// <param name="CallSite">The method that calls the blocking API, as a person names it (<c>CustomerRepository.Load</c>); null when healthy.</param>
/// <param name="Kind">What the blocked threads wait in; null when healthy.</param>
/// <param name="Entry">Where the blocked work starts: <c>GET</c> and the route template for a request; for background work
/// the outermost user frame on the blocked stacks (the timer callback; the hosted service's method that hands each consumer
/// to <c>Task.Run</c>); null when healthy.</param>
/// <param name="FixedTwin">The route, on the same host, that does the same work without blocking; null when there is none.</param>
/// <param name="ServerSizedPool">The pattern completes a request often enough that a 2-core machine's pool seldom injects
/// threads; it reproduces as on a server with a 16-thread minimum (<c>DOTNET_ThreadPool_ForceMinWorkerThreads=0x10</c>).</param>
/// <param name="BackgroundRun">The route only starts work that runs outside any request (a timer, a hosted service) for
/// `?seconds=N` (default 30, at most 120), then stops by itself; a second call while it runs says "already running".</param>
public sealed record LabScenario(
    LabHost Host,
    string Route,
    string Pattern,
    string? CallSite = null,
    LabBlockingKind? Kind = null,
    string? Entry = null,
    string? FixedTwin = null,
    bool ServerSizedPool = false,
    bool BackgroundRun = false)
{
    public bool Blocking => Kind is not null;

    public string Prefix => Host switch
    {
        LabHost.Mvc => LabRoutes.Mvc,
        LabHost.Minimal => LabRoutes.Minimal,
        _ => LabRoutes.GrpcService,
    };

    /// <summary>The URL path to load, e.g. <c>/api/diagscenario/customers/42</c>.</summary>
    public string Path => $"{Prefix}/{Route}";

    public string? FixedTwinPath => FixedTwin is null ? null : $"{Prefix}/{FixedTwin}";
}
