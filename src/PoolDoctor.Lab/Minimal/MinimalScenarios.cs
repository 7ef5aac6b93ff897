using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using PoolDoctor.Lab.Database;
using PoolDoctor.Lab.Shared;

namespace PoolDoctor.Lab.Minimal;

/// <summary>
/// The lab's patterns as minimal APIs under <see cref="LabRoutes.Minimal"/>: static handlers mapped with MapGet, the
/// way minimal-API services are written. In Release the JIT may inline a handler into the generated request delegate
/// (<c>lambda_method*</c>); the lab does nothing to prevent it.
/// </summary>
public static class MinimalScenarios
{
    private static readonly TimeSpan QueryDelay = LabDatabaseDefaults.QueryDelay;
    private static readonly Lock InventoryLock = new();
    private static readonly SemaphoreSlim Throttle = new(4, 4);

    public static RouteGroupBuilder MapMinimalScenarios(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup(LabRoutes.Minimal);
        group.MapGet("taskwait", TaskWait);
        group.MapGet("tasksleepwait", TaskSleepWait);
        group.MapGet("taskasyncwait", TaskAsyncWait);

        group.MapGet("db/sync", DbSync);
        group.MapGet("db/asyncoversync", DbAsyncOverSync);
        group.MapGet("db/taskrun", DbTaskRun);
        group.MapGet("db/syncoverasync", DbSyncOverAsync);
        group.MapGet("db/async", DbAsync);

        group.MapGet("getresult", GetResult);
        group.MapGet("wait", Wait);
        group.MapGet("lock", LockConvoy);
        group.MapGet("semaphore", SemaphoreWait);
        group.MapGet("sleep", Sleep);

        group.MapGet("cpu/{ms:int:range(0,60000)}", CpuWork.Spin);
        group.MapGet("hello", () => "hello");
        return group;
    }

    public static string TaskWait() => $"success:taskwait {PretendQuery.CustomerAsync().Result}";

    public static string TaskSleepWait()
    {
        var query = PretendQuery.CustomerAsync();
        while (!query.IsCompleted) Thread.Sleep(10);
        return $"success:tasksleepwait {query.Result}";
    }

    public static async Task<string> TaskAsyncWait() => $"success:taskasyncwait {await PretendQuery.CustomerAsync()}";

    public static string DbSync(ILabDatabase db)
    {
        db.ExecuteNonQuery();
        return "success:db/sync";
    }

    public static async Task<string> DbAsyncOverSync(ILabDatabase db)
    {
        await Task.Yield();
        db.ExecuteNonQuery();
        return "success:db/asyncoversync";
    }

    public static async Task<string> DbTaskRun(ILabDatabase db)
    {
        await Task.Run(() => db.ExecuteNonQuery());
        return "success:db/taskrun";
    }

    public static string DbSyncOverAsync(ILabDatabase db)
    {
        db.ExecuteNonQueryAsync().Wait();
        return "success:db/syncoverasync";
    }

    public static async Task<string> DbAsync(ILabDatabase db, CancellationToken cancellationToken)
    {
        await db.ExecuteNonQueryAsync(cancellationToken);
        return "success:db/async";
    }

    public static string GetResult() => $"success:getresult {PretendQuery.CustomerAsync().GetAwaiter().GetResult()}";

    public static string Wait()
    {
        var query = PretendQuery.CustomerAsync();
        query.Wait();
        return $"success:wait {query.Result}";
    }

    public static string LockConvoy()
    {
        lock (InventoryLock) Thread.Sleep(QueryDelay);
        return "success:lock";
    }

    public static string SemaphoreWait()
    {
        Throttle.Wait();
        try { Thread.Sleep(QueryDelay); }
        finally { Throttle.Release(); }
        return "success:semaphore";
    }

    public static string Sleep()
    {
        Thread.Sleep(QueryDelay);
        return "success:sleep";
    }
}
