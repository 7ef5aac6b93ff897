using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;

namespace PoolDoctor.Lab;

/// <summary>Maps the lab's routes; the table here is the list users see in the README and `lab --help`.</summary>
public static class LabEndpoints
{
    public const int MaxCpuMilliseconds = 60_000;

    /// <summary>Every blocking route, relative to <see cref="DiagScenarioController.RoutePrefix"/>.</summary>
    public static IReadOnlyList<string> BlockingRoutes { get; } =
    [
        "taskwait", "tasksleepwait", "getresult", "wait", "lock", "semaphore", "sleep",
        "db/sync", "db/asyncoversync", "db/taskrun", "db/syncoverasync",
    ];

    public static IReadOnlyList<string> HealthyRoutes { get; } = ["taskasyncwait", "db/async", "hello", "cpu/{ms}"];

    public static void Map(IEndpointRouteBuilder app)
    {
        var group = app.MapGroup(DiagScenarioController.RoutePrefix);
        group.MapGet("taskwait", DiagScenarioController.TaskWait);
        group.MapGet("tasksleepwait", DiagScenarioController.TaskSleepWait);
        group.MapGet("taskasyncwait", DiagScenarioController.TaskAsyncWait);

        group.MapGet("db/sync", DiagScenarioController.DbSync);
        group.MapGet("db/asyncoversync", DiagScenarioController.DbAsyncOverSync);
        group.MapGet("db/taskrun", DiagScenarioController.DbTaskRun);
        group.MapGet("db/syncoverasync", DiagScenarioController.DbSyncOverAsync);
        group.MapGet("db/async", DiagScenarioController.DbAsync);

        group.MapGet("getresult", DiagScenarioController.GetResult);
        group.MapGet("wait", DiagScenarioController.Wait);
        group.MapGet("lock", DiagScenarioController.LockConvoy);
        group.MapGet("semaphore", DiagScenarioController.SemaphoreWait);
        group.MapGet("sleep", DiagScenarioController.Sleep);

        group.MapGet("cpu/{ms:int:range(0," + MaxCpuMilliseconds + ")}", DiagScenarioController.Cpu);
        group.MapGet("hello", DiagScenarioController.Hello);

        // Bench support (bench/stacks-scale.sh): many parked threads for timing stack capture.
        group.MapGet("park/{n:int:range(1," + DiagScenarioController.MaxParkedThreads + ")}", DiagScenarioController.Park);
        group.MapGet("park/release", DiagScenarioController.ReleaseParked);
    }
}
