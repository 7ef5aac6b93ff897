namespace PoolDoctor.Lab;

/// <summary>
/// Where each host of the lab lives. MVC keeps Microsoft's DiagnosticScenarios URLs (/api/diagscenario/...), which
/// the README, the demo, the benches and every earlier test use; the same patterns as minimal APIs live under /api/minimal/.
/// </summary>
public static class LabRoutes
{
    public const string Mvc = "/api/diagscenario";

    public const string Minimal = "/api/minimal";

    /// <summary>The gRPC service's path (package.Service); its methods follow, e.g. /shop.Warehouse/Check.</summary>
    public const string GrpcService = "/shop.Warehouse";

    /// <summary><see cref="Mvc"/> as an attribute route template (no leading slash).</summary>
    internal const string MvcTemplate = "api/diagscenario";

    /// <summary>The longest busy loop `cpu/{ms}` accepts; the route constraints repeat it as a literal.</summary>
    public const int MaxCpuMilliseconds = 60_000;
}
