using System.Globalization;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Diagnosis;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// The pool's worker-thread bounds as far as the evidence proves them. They live in the target's memory; from outside,
/// three things decide: what it was started with (environment, runtimeconfig.json), whether the app's own IL calls
/// <c>ThreadPool.SetMinThreads</c>/<c>SetMaxThreads</c> (then the value set there is unknown), and otherwise the runtime's
/// defaults (the processor count and 32,767), which hold only when the app's IL was read and calls neither. A package
/// could still call them; the source says what the inference rests on. Reading the value live would mean stopping the
/// target under ptrace (ClrMD's attach paused a small process for 0.7 s here), which a starving service must not pay.
/// </summary>
public static class PoolBounds
{
    /// <summary>The runtime's default maximum of worker threads (the portable pool's limit, short.MaxValue).</summary>
    public const int DefaultMaxWorkers = 32767;

    public const string MinKey = "minWorkerThreads";
    public const string MaxKey = "maxWorkerThreads";

    /// <summary>The app's calls to the pool's setters, as "Type.Method" of the calling method, in IL order.</summary>
    public sealed record SetterCalls(IReadOnlyList<string> Min, IReadOnlyList<string> Max)
    {
        public static SetterCalls In(CallGraph graph)
        {
            List<string> Callers(string setter) =>
                [.. graph.Methods
                    .Where(m => m.Calls.Any(c => c.TargetTypeFullName == "System.Threading.ThreadPool" && c.TargetMethod == setter))
                    .Select(m => $"{m.TypeFullName}.{m.Method}")
                    .Distinct()];
            return new SetterCalls(Callers("SetMinThreads"), Callers("SetMaxThreads"));
        }
    }

    /// <param name="setters">The app's setter calls; null when the app's IL was not read (no capture).</param>
    public static TargetContext Resolve(TargetContext context, SetterCalls? setters)
    {
        var unknown = new Dictionary<string, string>(context.Unknown);
        var sources = new Dictionary<string, string>(context.Sources);
        var min = Bound(MinKey, context.MinWorkerThreads, context.ConfiguredMin, setters?.Min, "SetMinThreads", "DOTNET_ThreadPool_ForceMinWorkerThreads",
            "System.Threading.ThreadPool.MinThreads", context.ProcessorCount, "the processor count", unknown, sources);
        var max = Bound(MaxKey, context.MaxWorkerThreads, context.ConfiguredMax, setters?.Max, "SetMaxThreads", "DOTNET_ThreadPool_ForceMaxWorkerThreads",
            "System.Threading.ThreadPool.MaxThreads", DefaultMaxWorkers, "32767", unknown, sources);
        return context with { MinWorkerThreads = min, MaxWorkerThreads = max, Unknown = unknown, Sources = sources };
    }

    private static int? Bound(
        string key, int? known, ConfiguredMinThreads? configured, IReadOnlyList<string>? callers, string setter, string variable,
        string configKey, int? defaultValue, string defaultName, Dictionary<string, string> unknown, Dictionary<string, string> sources)
    {
        if (known is not null)
        {
            return known;
        }
        if (callers is { Count: > 0 })
        {
            unknown[key] = $"the app calls ThreadPool.{setter} in {string.Join(", ", callers.Take(3))}: the value it set is in the process's memory"
                + (configured is null ? "" : $" (it started with {configured.Source})");
            return null;
        }
        if (configured is not null)
        {
            unknown.Remove(key);
            sources[key] = configured.Source;
            return configured.Workers;
        }
        if (callers is not null && defaultValue is { } value)
        {
            unknown.Remove(key);
            sources[key] = $"the runtime's default ({defaultName}): no {variable} variable, no {configKey} in runtimeconfig.json, "
                + $"no {setter} call in the app's assemblies";
            return value;
        }
        return null;
    }

    /// <summary>The minimum as the stop-gap compares against it: the bound resolved above, with where it came from.</summary>
    public static ConfiguredMinThreads? CurrentMinimum(TargetContext context) =>
        context.MinWorkerThreads is { } min
            ? new ConfiguredMinThreads(min, context.Sources.TryGetValue(MinKey, out var source) ? source : min.ToString(CultureInfo.InvariantCulture))
            : null;
}
