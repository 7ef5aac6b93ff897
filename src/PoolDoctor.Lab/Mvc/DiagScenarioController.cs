using Microsoft.AspNetCore.Mvc;
using PoolDoctor.Lab.Database;
using PoolDoctor.Lab.Shared;

namespace PoolDoctor.Lab.Mvc;

/// <summary>
/// The lab's patterns as an MVC controller, shaped like Microsoft's DiagnosticScenarios sample (same class name,
/// same URLs), so stacks read the same as in its tutorial. Action names are part of the product: the culprit tests
/// look for them (TaskWait, DbSyncOverAsync, ...). Nothing here asks the JIT for favours: the lab runs in Release like
/// shipped code, so a small sync action may be inlined into MVC's generated invoker, and naming it anyway is the
/// tool's job, not the lab's.
/// </summary>
[ApiController]
[Route(LabRoutes.MvcTemplate)]
public sealed class DiagScenarioController(ILabDatabase db) : ControllerBase
{
    private const int SemaphoreSlots = 4;
    private static readonly TimeSpan QueryDelay = LabDatabaseDefaults.QueryDelay;
    private static readonly Lock ConvoyGate = new();
    private static readonly SemaphoreSlim SmallSemaphore = new(SemaphoreSlots, SemaphoreSlots);

    // ---- Microsoft's tutorial -------------------------------------------------------------------------

    /// <summary>Sync over async with <c>.Result</c>: the thread blocks until the fake query completes.</summary>
    [HttpGet("taskwait")]
    public string TaskWait()
    {
        var customer = PretendQuery.CustomerAsync().Result;
        return $"success:taskwait {customer}";
    }

    /// <summary>Polls the task with <c>Thread.Sleep(10)</c>: blocks just as hard, and burns wake-ups.</summary>
    [HttpGet("tasksleepwait")]
    public string TaskSleepWait()
    {
        var query = PretendQuery.CustomerAsync();
        while (!query.IsCompleted)
        {
            Thread.Sleep(10);
        }
        return $"success:tasksleepwait {query.Result}";
    }

    /// <summary>The fix: await, so the thread returns to the pool while the query runs.</summary>
    [HttpGet("taskasyncwait")]
    public async Task<string> TaskAsyncWait()
    {
        var customer = await PretendQuery.CustomerAsync();
        return $"success:taskasyncwait {customer}";
    }

    // ---- The five database variants ---------------------------------------------------------------------

    [HttpGet("db/sync")]
    public string DbSync()
    {
        db.ExecuteNonQuery();
        return "success:db/sync";
    }

    /// <summary>An async action that still calls the sync API: the signature promises what the body does not keep.</summary>
    [HttpGet("db/asyncoversync")]
    public async Task<string> DbAsyncOverSync()
    {
        await Task.Yield();
        db.ExecuteNonQuery();
        return "success:db/asyncoversync";
    }

    /// <summary><c>Task.Run</c> around sync I/O only moves the block to another pool thread.</summary>
    [HttpGet("db/taskrun")]
    public async Task<string> DbTaskRun()
    {
        await Task.Run(() => db.ExecuteNonQuery());
        return "success:db/taskrun";
    }

    [HttpGet("db/syncoverasync")]
    public string DbSyncOverAsync()
    {
        db.ExecuteNonQueryAsync().Wait();
        return "success:db/syncoverasync";
    }

    [HttpGet("db/async")]
    public async Task<string> DbAsync(CancellationToken cancellationToken)
    {
        await db.ExecuteNonQueryAsync(cancellationToken);
        return "success:db/async";
    }

    // ---- More blockers -------------------------------------------------------------------------------------

    [HttpGet("getresult")]
    public string GetResult()
    {
        var customer = PretendQuery.CustomerAsync().GetAwaiter().GetResult();
        return $"success:getresult {customer}";
    }

    [HttpGet("wait")]
    public string Wait()
    {
        var query = PretendQuery.CustomerAsync();
        query.Wait();
        return $"success:wait {query.Result}";
    }

    /// <summary>A lock held across a blocking section: requests form a convoy behind one holder.</summary>
    [HttpGet("lock")]
    public string LockConvoy()
    {
        lock (ConvoyGate)
        {
            Thread.Sleep(QueryDelay);
        }
        return "success:lock";
    }

    /// <summary>A small semaphore taken with the blocking <c>Wait</c>: every request beyond the slots parks a pool thread.</summary>
    [HttpGet("semaphore")]
    public string SemaphoreWait()
    {
        SmallSemaphore.Wait();
        try
        {
            Thread.Sleep(QueryDelay);
        }
        finally
        {
            SmallSemaphore.Release();
        }
        return "success:semaphore";
    }

    [HttpGet("sleep")]
    public string Sleep()
    {
        Thread.Sleep(QueryDelay);
        return "success:sleep";
    }

    // ---- Negatives -----------------------------------------------------------------------------------------

    /// <summary>Busy CPU work: saturates cores without blocking, the verdict must not call it starvation.</summary>
    [HttpGet("cpu/{ms:int:range(0,60000)}")]
    public string Cpu(int ms) => CpuWork.Spin(ms);

    [HttpGet("hello")]
    public string Hello() => "hello";
}
