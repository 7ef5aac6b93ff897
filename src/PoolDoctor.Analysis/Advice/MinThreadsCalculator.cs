using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// The stop-gap MinThreads value. With B the peak number of pool threads seen blocked and C the cores:
/// <c>MinThreads = B + C + ceil(B / 4)</c>. B threads will sit blocked at the peak no matter what; C more keep
/// one runnable thread per core for everything else (the default minimum is C for that reason); a quarter of B
/// is headroom, because the peak seen under a test load is rarely the worst one production meets.
/// B is the larger of two observations: the pool threads the stack capture saw parked in culprit code, and the
/// counters' peak pool thread count minus C (the threads the runtime injected because others were stuck).
/// </summary>
public static class MinThreadsCalculator
{
    public const string Formula = "MinThreads = B + C + ceil(B / 4), B = peak blocked pool threads, C = cores";

    /// <summary>The runtime's hard ceiling for worker threads on 64-bit.</summary>
    public const int MaxWorkerThreads = 32767;

    public static int Compute(int peakBlockedThreads, int cores)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(peakBlockedThreads);
        ArgumentOutOfRangeException.ThrowIfLessThan(cores, 1);
        var value = (long)peakBlockedThreads + cores + ((peakBlockedThreads + 3) / 4);
        return (int)Math.Min(value, MaxWorkerThreads);
    }

    /// <summary>
    /// B and where it came from (said in the report so the reader can judge it): the larger of the pool threads the
    /// stack capture saw blocked in culprit code and the counters' peak pool thread count minus C. The capture is one
    /// moment, often early while the pool is still growing; the counters see the whole run.
    /// </summary>
    public static (int Blocked, string Source) PeakBlocked(IReadOnlyList<Culprit> culprits, IReadOnlyList<CounterSample> samples, int cores)
    {
        var fromStacks = culprits.Sum(c => c.Threads);
        var peak = samples.Count == 0 ? 0 : (int)Math.Ceiling(samples.Max(s => s.ThreadCount));
        var fromCounters = Math.Max(0, peak - cores);
        if (fromStacks == 0 && samples.Count == 0)
        {
            return (0, "nothing observed");
        }
        var stacksText = fromStacks > 0 ? $"{fromStacks} pool threads blocked in culprit code in the stack capture" : "no stack capture";
        var countersText = $"peak pool thread count {peak} minus {cores} cores = {fromCounters}";
        // No demand was measured (no wait events, no known load): the peak under-sizes a pool still growing; said so.
        const string peakOnly = "; no demand measured (no wait events, load unknown): the peak seen, which under-sizes a starving pool";
        return fromStacks >= fromCounters
            ? (fromStacks, $"{stacksText} (counters: {countersText}){peakOnly}")
            : (fromCounters, $"{countersText} (stacks: {stacksText}){peakOnly}");
    }

    public const string DemandFormula = "MinThreads = B + C + ceil(B / 4), B = pool threads the blocked work needs at once "
        + "(arrival rate × blocking time, Little's law; at most the load's concurrency), C = cores";

    /// <summary>The stop-gap sized from the demand: B is the threads the blocked work needs, not the peak one capture saw.</summary>
    public static MinThreadsAdvice Advise(DemandEstimate demand, int cores) =>
        Advise(demand.Threads, cores, "demand: " + demand.SizedFrom) with { Formula = DemandFormula, Demand = demand };

    public static MinThreadsAdvice Advise(int peakBlockedThreads, int cores, string blockedSource)
    {
        var value = Compute(peakBlockedThreads, cores);
        return new MinThreadsAdvice(
            value,
            peakBlockedThreads,
            cores,
            blockedSource,
            Formula,
            Settings(value),
            "A palliative, not a fix: more threads let more requests block at once, each costing about 1 MB of stack and a "
            + "context switch, and a bigger load will exhaust them again. Fix the blocking code; keep this only until that ships.");
    }

    internal static IReadOnlyList<ConfigSetting> Settings(int value) =>
    [
        new("runtimeconfig.json (or runtimeconfig.template.json in the project)", "json",
            "{\n  \"configProperties\": {\n    \"System.Threading.ThreadPool.MinThreads\": " + value + "\n  }\n}"),
        new("the project file (MSBuild)", "xml",
            "<PropertyGroup>\n  <ThreadPoolMinThreads>" + value + "</ThreadPoolMinThreads>\n</PropertyGroup>"),
        new("code, first thing at start-up", "csharp",
            "ThreadPool.GetMinThreads(out _, out var completionPortThreads);\nThreadPool.SetMinThreads(" + value + ", completionPortThreads);"),
        new("the environment (the value is hexadecimal: " + value + " = 0x" + value.ToString("X") + ")", "shell",
            "DOTNET_ThreadPool_ForceMinWorkerThreads=" + value.ToString("X")),
    ];
}
