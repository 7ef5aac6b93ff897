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
/// could still call them; the source says what the inference rests on. All that is the fallback: the value itself, read
/// from the pool's fields without stopping the target (<c>Collect/Attach/LivePoolLimits</c>) or reported by the runtime's
/// ThreadPoolMinMaxThreads event during the watch, wins, and the same evidence then says where it came from.
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
        var min = Live(MinKey, context.MinWorkerThreads, context.LimitsRead?.MinWorkers, context.LimitsRead, context.LimitsSet?.MinWorkers, context.LimitsSet,
                context.ConfiguredMin, setters?.Min, "SetMinThreads", context.ProcessorCount, "the processor count", unknown, sources)
            ?? Bound(MinKey, context.MinWorkerThreads, context.ConfiguredMin, setters?.Min, "SetMinThreads", "DOTNET_ThreadPool_ForceMinWorkerThreads",
                "System.Threading.ThreadPool.MinThreads", context.ProcessorCount, "the processor count", unknown, sources);
        var max = Live(MaxKey, context.MaxWorkerThreads, context.LimitsRead?.MaxWorkers, context.LimitsRead, context.LimitsSet?.MaxWorkers, context.LimitsSet,
                context.ConfiguredMax, setters?.Max, "SetMaxThreads", DefaultMaxWorkers, "32767", unknown, sources)
            ?? Bound(MaxKey, context.MaxWorkerThreads, context.ConfiguredMax, setters?.Max, "SetMaxThreads", "DOTNET_ThreadPool_ForceMaxWorkerThreads",
                "System.Threading.ThreadPool.MaxThreads", DefaultMaxWorkers, "32767", unknown, sources);
        return context with { MinWorkerThreads = min, MaxWorkerThreads = max, Unknown = unknown, Sources = sources };
    }

    /// <summary>Said after a bound read from the pool's own fields: a reading, not a conclusion.</summary>
    public const string ReadLive = "read live from the pool";

    // The bound as the target itself gave it (its memory at the watch's start, the runtime's event during it), the later
    // of the two; then where it came from, by what it equals: what the target started with, the runtime's default, or
    // neither (code set it). Null when the target gave nothing: the inference below then decides.
    private static int? Live(
        string key, int? known, int? read, PoolLimits? readAt, int? reported, PoolLimits? reportedAt, ConfiguredMinThreads? configured,
        IReadOnlyList<string>? callers, string setter, int? defaultValue, string defaultName, Dictionary<string, string> unknown, Dictionary<string, string> sources)
    {
        if (known is not null || (read is null && reported is null))
        {
            return null;
        }
        var eventIsLater = reported is not null && (read is null || reportedAt!.AtUtc >= readAt!.AtUtc);
        var value = eventIsLater ? reported!.Value : read!.Value;
        var started = configured?.Workers ?? defaultValue;
        unknown.Remove(key);
        if (eventIsLater && value != (read ?? started))
        {
            sources[key] = $"set by ThreadPool.{setter} at {reportedAt!.AtUtc.UtcDateTime:HH:mm:ss} UTC"
                + (callers is { Count: > 0 } ? $" in {string.Join(", ", callers.Take(3))}" : "")
                + " (the runtime's ThreadPoolMinMaxThreads event)";
            return value;
        }
        var how = eventIsLater ? $"reported by the runtime at {reportedAt!.AtUtc.UtcDateTime:HH:mm:ss} UTC" : ReadLive;
        sources[key] = WhereFrom(value, configured, callers, setter, defaultValue, defaultName) + "; " + how;
        return value;
    }

    /// <summary>Where a bound the target gave came from, by what it equals.</summary>
    public static string WhereFrom(int value, ConfiguredMinThreads? configured, IReadOnlyList<string>? callers, string setter, int? defaultValue, string defaultName)
    {
        if (configured is not null && configured.Workers == value)
        {
            return configured.Source;
        }
        if (callers is { Count: > 0 })
        {
            return $"set by ThreadPool.{setter} in {string.Join(", ", callers.Take(3))}"
                + (configured is null ? "" : $" (it started with {configured.Source})");
        }
        if (configured is null && defaultValue == value)
        {
            return $"the runtime's default ({defaultName})";
        }
        if (configured is null && defaultValue is null)
        {
            return $"not set in the environment or runtimeconfig.json (the runtime's default, {defaultName}, is not known for this run)";
        }
        return configured is not null
            ? $"set in code since the start (ThreadPool.{setter}): it started with {configured.Source}"
            : $"set in code (ThreadPool.{setter}): not the runtime's default ({defaultName}), not in the environment or runtimeconfig.json";
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

    /// <summary>The minimum when something set it (configured, or set in code as read live); null at the runtime's default or unknown.</summary>
    public static ConfiguredMinThreads? RaisedMinimum(TargetContext context) =>
        CurrentMinimum(context) is { } min && !min.Source.StartsWith(DefaultPrefix, StringComparison.Ordinal) ? min : null;

    private const string DefaultPrefix = "the runtime's default";

    /// <summary>The minimum as the stop-gap compares against it: the bound resolved above, with where it came from.</summary>
    public static ConfiguredMinThreads? CurrentMinimum(TargetContext context) =>
        context.MinWorkerThreads is { } min
            ? new ConfiguredMinThreads(min, context.Sources.TryGetValue(MinKey, out var source) ? source : min.ToString(CultureInfo.InvariantCulture))
            : null;
}
