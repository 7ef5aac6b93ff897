namespace PoolDoctor.Lab.Bench;

/// <summary>
/// Bench support (bench/stacks-scale.sh): parks many dedicated threads on a wait, so stack capture can be timed
/// against a process with many threads. Not a scenario; it never touches the thread pool.
/// </summary>
public static class ParkedThreads
{
    public const int MaxParkedThreads = 2000;
    public const int MaxParkSeconds = 120;

    private static ManualResetEventSlim s_gate = new(false);

    /// <summary>Parks <paramref name="n"/> threads for <paramref name="seconds"/> (bounded); returns once all are parked.</summary>
    public static string Park(int n, int? seconds)
    {
        var hold = TimeSpan.FromSeconds(Math.Clamp(seconds ?? 30, 1, MaxParkSeconds));
        var gate = Volatile.Read(ref s_gate);
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

    /// <summary>Frees every parked thread early.</summary>
    public static string Release()
    {
        var released = Interlocked.Exchange(ref s_gate, new ManualResetEventSlim(false));
        released.Set();
        return "success:park released";
    }

    private static void ParkedThread(ManualResetEventSlim gate, CountdownEvent parked, TimeSpan hold)
    {
        parked.Signal();
        gate.Wait(hold);
    }
}
