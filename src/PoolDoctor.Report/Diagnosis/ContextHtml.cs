using System.Text;
using PoolDoctor.Model.Diagnosis;
using static PoolDoctor.Report.Diagnosis.Html;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The context block of report.html: what the target ran with and which tool wrote the report. A value the tool could
/// not read shows as "unknown" with its reason, never as a guess.
/// </summary>
internal static class ContextHtml
{
    public static void Append(StringBuilder html, RunContext? context)
    {
        html.Append("<details id=\"context\" class=\"context\" open><summary>Context</summary><dl class=\"meta\">");
        if (context is null)
        {
            html.Append("<dt>context</dt><dd class=\"unknown\">not gathered by this run</dd></dl></details>\n");
            return;
        }
        var t = context.Target;
        Row(html, t, "runtime", "runtimeVersion", t.RuntimeVersion is { } v ? ".NET " + v : null);
        Row(html, t, "processors", "processorCount", t.ProcessorCount?.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Row(html, t, "CPU limit", "cpuLimit", t.CpuLimit is { } cpu ? N(cpu, 2) + " cores (cgroup cpu.max)" : null);
        Row(html, t, "min worker threads", "minWorkerThreads", t.MinWorkerThreads?.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Row(html, t, "max worker threads", "maxWorkerThreads", t.MaxWorkerThreads?.ToString(System.Globalization.CultureInfo.InvariantCulture));
        html.Append($"<dt>tool</dt><dd id=\"tool-version\">dotnet-pooldoctor {E(context.Tool.Version)}</dd>");
        html.Append($"<dt>tool command</dt><dd><code>{E(context.Tool.CommandLine)}</code></dd>");
        html.Append("</dl></details>\n");
    }

    private static void Row(StringBuilder html, TargetContext t, string label, string key, string? value)
    {
        html.Append($"<dt>{E(label)}</dt>");
        // A pool bound says where it was read or how it was inferred: a default is a conclusion, not a reading.
        var source = t.Sources.TryGetValue(key, out var from) ? $" <small class=\"source\">({E(from)})</small>" : "";
        html.Append(value is not null
            ? $"<dd id=\"ctx-{E(key)}\">{E(value)}{source}</dd>"
            : $"<dd id=\"ctx-{E(key)}\" class=\"unknown\">unknown: {E(t.Unknown.TryGetValue(key, out var why) ? why : "not read")}</dd>");
    }
}
