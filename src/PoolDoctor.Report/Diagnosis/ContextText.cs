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

    // Min and max usually share their reason (neither is readable from outside): said once then.
    private static string Bounds(TargetContext t, Func<string, string?, string> or)
    {
        var min = t.MinWorkerThreads?.ToString(CultureInfo.InvariantCulture);
        var max = t.MaxWorkerThreads?.ToString(CultureInfo.InvariantCulture);
        return min is null && max is null && t.Unknown.GetValueOrDefault("minWorkerThreads") == t.Unknown.GetValueOrDefault("maxWorkerThreads")
            ? $"min/max worker threads: {or("minWorkerThreads", null)}"
            : $"min worker threads: {or("minWorkerThreads", min)}; max worker threads: {or("maxWorkerThreads", max)}";
    }
}
