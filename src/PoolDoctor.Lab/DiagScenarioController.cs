using System.Diagnostics;
using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab;

/// <summary>
/// The lab's endpoints, one per blocking pattern. Method names are part of the product: the stacks and
/// culprit tests look for them (TaskWait, DbSyncOverAsync, ...), so each pattern lives in a method named for it.
/// Nothing here asks the JIT for favours: the lab runs in Release like shipped code, so a small sync endpoint may be
/// inlined into ASP.NET's generated request delegate, and naming it anyway is the tool's job, not the lab's.
/// The class keeps the name of Microsoft's DiagnosticScenarios sample so stacks read the same as in its tutorial.
/// </summary>
public static class DiagScenarioController
{
    public const string RoutePrefix = "/api/diagscenario";

    private static readonly TimeSpan QueryDelay = LabDatabaseDefaults.QueryDelay;
    private static readonly Lock ConvoyGate = new();
    private static readonly SemaphoreSlim SmallSemaphore = new(SemaphoreSlots, SemaphoreSlots);
    private const int SemaphoreSlots = 4;

    // ---- Microsoft's tutorial -------------------------------------------------------------------------

    /// <summary>Sync over async with <c>.Result</c>: the thread blocks until the fake query completes.</summary>
    public static string TaskWait()
    {
        var customer = PretendQueryCustomerAsync().Result;
        return $"success:taskwait {customer}";
    }

    /// <summary>Polls the task with <c>Thread.Sleep(10)</c>: blocks just as hard, and burns wake-ups.</summary>
    public static string TaskSleepWait()
    {
        var query = PretendQueryCustomerAsync();
        while (!query.IsCompleted)
        {
            Thread.Sleep(10);
        }
        return $"success:tasksleepwait {query.Result}";
    }

    /// <summary>The fix: await, so the thread returns to the pool while the query runs.</summary>
    public static async Task<string> TaskAsyncWait()
    {
        var customer = await PretendQueryCustomerAsync();
        return $"success:taskasyncwait {customer}";
    }

    // ---- The five database variants ---------------------------------------------------------------------

    public static string DbSync(ILabDatabase db)
    {
        db.ExecuteNonQuery();
        return "success:db/sync";
    }

    /// <summary>An async action that still calls the sync API: the signature promises what the body does not keep.</summary>
    public static async Task<string> DbAsyncOverSync(ILabDatabase db)
    {
        await Task.Yield();
        db.ExecuteNonQuery();
        return "success:db/asyncoversync";
    }

    /// <summary><c>Task.Run</c> around sync I/O only moves the block to another pool thread.</summary>
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

    // ---- More blockers -------------------------------------------------------------------------------------

    public static string GetResult()
    {
        var customer = PretendQueryCustomerAsync().GetAwaiter().GetResult();
        return $"success:getresult {customer}";
    }

    public static string Wait()
    {
        var query = PretendQueryCustomerAsync();
        query.Wait();
        return $"success:wait {query.Result}";
    }

    /// <summary>A lock held across a blocking section: requests form a convoy behind one holder.</summary>
    public static string LockConvoy()
    {
        lock (ConvoyGate)
        {
            Thread.Sleep(QueryDelay);
        }
        return "success:lock";
    }

    /// <summary>A small semaphore taken with the blocking <c>Wait</c>: every request beyond the slots parks a pool thread.</summary>
    public static string SemaphoreWait()
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

    public static string Sleep()
    {
        Thread.Sleep(QueryDelay);
        return "success:sleep";
    }

    // ---- Negatives -----------------------------------------------------------------------------------------

    /// <summary>Busy CPU work: saturates cores without blocking, the verdict must not call it starvation.</summary>
    public static string Cpu(int ms)
    {
        var clock = Stopwatch.StartNew();
        var spins = 0L;
        while (clock.ElapsedMilliseconds < ms)
        {
            spins++;
        }
        return $"success:cpu {ms} ms ({spins} spins)";
    }

    public static string Hello() => "hello";

    // ---- Bench support -------------------------------------------------------------------------------------

    public const int MaxParkedThreads = 2000;
    public const int MaxParkSeconds = 120;

    /// <summary>
    /// Parks <paramref name="n"/> dedicated threads on a wait for <paramref name="seconds"/> (bounded), so stack capture can be
    /// timed against a process with many threads. Returns once every thread is parked; `park/release` frees them early.
    /// </summary>
    public static string Park(int n, int? seconds)
    {
        var hold = TimeSpan.FromSeconds(Math.Clamp(seconds ?? 30, 1, MaxParkSeconds));
        var gate = ParkGate;
        using var parked = new CountdownEvent(n);
        for (var i = 0; i < n; i++)
        {
            var thread = new Thread(() => ParkedThread(gate, parked, hold), maxStackSize: 256 * 1024)
            {
                IsBackground = true,
                Name = "lab park",
            };
            thread.Start();
        }
        parked.Wait();
        return $"success:park {n} threads for {hold.TotalSeconds:F0} s";
    }

    public static string ReleaseParked()
    {
        var released = Interlocked.Exchange(ref s_parkGate, new ManualResetEventSlim(false));
        released.Set();
        return "success:park released";
    }

    private static ManualResetEventSlim s_parkGate = new(false);

    private static ManualResetEventSlim ParkGate => Volatile.Read(ref s_parkGate);

    private static void ParkedThread(ManualResetEventSlim gate, CountdownEvent parked, TimeSpan hold)
    {
        parked.Signal();
        gate.Wait(hold);
    }

    private static async Task<string> PretendQueryCustomerAsync()
    {
        await Task.Delay(QueryDelay);
        return "Dana";
    }
}
