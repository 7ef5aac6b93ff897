using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using PoolDoctor.Lab.Bench;
using PoolDoctor.Lab.Grpc;
using PoolDoctor.Lab.Minimal;

namespace PoolDoctor.Lab;

/// <summary>Maps both hosts of the lab: the MVC controllers and the minimal APIs, plus the bench's support routes.</summary>
public static class LabEndpoints
{
    public static void Map(WebApplication app)
    {
        app.MapControllers();
        app.MapMinimalScenarios();
        app.MapShopEndpoints();
        app.MapHandlerShapes();
        app.MapOrderEndpoints();
        app.MapGrpcService<WarehouseService>();

        // Bench support (bench/stacks-scale.sh): many parked threads for timing stack capture.
        var bench = app.MapGroup(LabRoutes.Mvc);
        bench.MapGet("park/{n:int:range(1," + ParkedThreads.MaxParkedThreads + ")}", ParkedThreads.Park);
        bench.MapGet("park/release", ParkedThreads.Release);
    }
}
