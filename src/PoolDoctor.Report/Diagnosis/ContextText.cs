using System.Globalization;
using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>The context block as terminal lines: the target's runtime, CPU and pool bounds, then the tool. Unknowns say why.</summary>
public static class ContextText
{
    public static IReadOnlyList<string> Lines(RunContext? context)
    {
        if (context is null)
        {
            return [];
        }
        var t = context.Target;
        string Or(string key, string? value) => value ?? "unknown (" + (t.Unknown.TryGetValue(key, out var why) ? why : "not read") + ")";
        return
        [
            $"runtime: {Or("runtimeVersion", t.RuntimeVersion is { } v ? ".NET " + v : null)}; processors: {Or("processorCount", t.ProcessorCount?.ToString(CultureInfo.InvariantCulture))}; "
                + $"CPU limit: {Or("cpuLimit", t.CpuLimit is { } c ? c.ToString("0.##", CultureInfo.InvariantCulture) + " cores" : null)}",
            Bounds(t, Or),
            $"tool: dotnet-pooldoctor {context.Tool.Version}: {context.Tool.CommandLine}",
        ];
    }

    // Min and max usually share their reason (neither is readable from outside) or their source (the runtime's
    // defaults): said once then. A known bound says where it came from: a default is a conclusion, not a reading.
    private static string Bounds(TargetContext t, Func<string, string?, string> or)
    {
        var min = t.MinWorkerThreads?.ToString(CultureInfo.InvariantCulture);
        var max = t.MaxWorkerThreads?.ToString(CultureInfo.InvariantCulture);
        var minSource = t.Sources.GetValueOrDefault("minWorkerThreads");
        var maxSource = t.Sources.GetValueOrDefault("maxWorkerThreads");
        if (min is null && max is null && t.Unknown.GetValueOrDefault("minWorkerThreads") == t.Unknown.GetValueOrDefault("maxWorkerThreads"))
        {
            return $"min/max worker threads: {or("minWorkerThreads", null)}";
        }
        if (min is not null && max is not null && minSource is not null && maxSource is not null && SameKind(minSource, maxSource))
        {
            return $"min/max worker threads: {min} / {max} ({DefaultsLine(minSource)})";
        }
        static string With(string? value, string? source) => value is null || source is null ? value! : $"{value} ({source})";
        return $"min worker threads: {or("minWorkerThreads", min is null ? null : With(min, minSource))}; "
            + $"max worker threads: {or("maxWorkerThreads", max is null ? null : With(max, maxSource))}";
    }

    private const string DefaultPrefix = "the runtime's default";

    // A bound the target gave ends with how it was had ("; read live from the pool", "; reported by the runtime at …").
    private static string? Tail(string source) => source.IndexOf("; ", StringComparison.Ordinal) is var at and >= 0 ? source[(at + 2)..] : null;

    private static bool SameKind(string min, string max) =>
        min.StartsWith(DefaultPrefix, StringComparison.Ordinal) && max.StartsWith(DefaultPrefix, StringComparison.Ordinal) && Tail(min) == Tail(max);

    // A default the target gave is a reading; one inferred is a conclusion, and says what it rests on.
    private static string DefaultsLine(string source) =>
        Tail(source) is { } how
            ? "the runtime's defaults, " + how
            : "the runtime's defaults: no DOTNET_ThreadPool_Force*WorkerThreads variable, no ThreadPool setting in runtimeconfig.json, "
                + "no SetMinThreads/SetMaxThreads call in the app's assemblies";
}
