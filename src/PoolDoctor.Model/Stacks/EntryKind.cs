namespace PoolDoctor.Model.Stacks;

/// <summary>What kind of work a blocked stack was serving (<see cref="WorkEntry"/>).</summary>
public enum EntryKind
{
    /// <summary>Nothing on the stack or in the events said (also an entry read back from text no rule recognises).</summary>
    Unknown,

    /// <summary>An HTTP request, by its route or path (<c>GET /orders/{id}</c>).</summary>
    Request,

    /// <summary>A SignalR hub method (<c>InventoryHub.GetStock</c>).</summary>
    HubMethod,

    /// <summary>A gRPC method, routed by ASP.NET Core as <c>POST /package.Service/Method</c>.</summary>
    GrpcMethod,

    /// <summary>A callback the runtime's timer invoked.</summary>
    Timer,

    /// <summary>A hosted service's method (a type deriving from <c>BackgroundService</c> or implementing <c>IHostedService</c>).</summary>
    HostedService,

    /// <summary>Work that serves no request: a loop or work item queued to the pool (the app's or a package's).</summary>
    BackgroundWorker,
}
