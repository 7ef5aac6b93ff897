namespace PoolDoctor.Lab.Scenarios;

/// <summary>Which of the lab's hosts serves a route: MVC controllers, minimal APIs, or the gRPC service.</summary>
public enum LabHost
{
    Mvc,
    Minimal,

    /// <summary>The gRPC service (Protos/warehouse.proto) on the lab's HTTP/2-only port; routes are its methods.</summary>
    Grpc,
}
