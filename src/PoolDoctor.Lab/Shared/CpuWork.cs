using System.Diagnostics;

namespace PoolDoctor.Lab.Shared;

/// <summary>Busy CPU work for the `cpu/{ms}` negatives: saturates a core without blocking.</summary>
internal static class CpuWork
{
    public static string Spin(int ms)
    {
        var clock = Stopwatch.StartNew();
        var spins = 0L;
        while (clock.ElapsedMilliseconds < ms)
        {
            spins++;
        }
        return $"success:cpu {ms} ms ({spins} spins)";
    }
}
