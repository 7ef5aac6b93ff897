namespace PoolDoctor.Tests.Samples.Pool;

/// <summary>
/// IL for the pool-bounds tests: a start-up that raises MinThreads in code, the way services do it in Program.cs.
/// Never called: only its IL is read.
/// </summary>
internal static class StartupTuning
{
    public static void RaiseMinimum()
    {
        ThreadPool.GetMinThreads(out _, out var completionPorts);
        ThreadPool.SetMinThreads(64, completionPorts);
    }
}
