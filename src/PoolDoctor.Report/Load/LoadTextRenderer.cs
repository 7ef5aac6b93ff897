using System.Globalization;
using System.Text;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Report.Load;

/// <summary>
/// The load summary in bombardier's text layout (Statistics Avg/Stdev/Max, Latency Distribution, HTTP codes,
/// Errors, Throughput), plus the total and overall rate that bombardier leaves out. Culture-invariant.
/// </summary>
public static class LoadTextRenderer
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Render(LoadSummary summary)
    {
        var text = new StringBuilder();
        var mode = summary.TargetRate is { } rate ? string.Create(Invariant, $" at {rate:0.##} req/s") : "";
        text.AppendLine(string.Create(Invariant, $"Loaded {summary.Url} for {summary.ElapsedSeconds:0.00}s using {summary.Connections} connection(s){mode}"));
        text.AppendLine(string.Create(Invariant, $"{"Statistics",-10} {"Avg",10} {"Stdev",10} {"Max",10}"));
        text.AppendLine(string.Create(Invariant, $"  {"Reqs/sec",-10} {summary.Rps.Mean,10:0.00} {summary.Rps.Stdev,10:0.00} {summary.Rps.Max,10:0.00}"));
        var l = summary.LatencyMs;
        text.AppendLine(string.Create(Invariant, $"  {"Latency",-10} {FormatMilliseconds(l.Mean),10} {FormatMilliseconds(l.Stdev),10} {FormatMilliseconds(l.Max),10}"));
        text.AppendLine("  Latency Distribution");
        foreach (var (percent, value) in new[] { (50, l.P50), (75, l.P75), (90, l.P90), (95, l.P95), (99, l.P99) })
        {
            text.AppendLine(string.Create(Invariant, $"     {percent,2}% {FormatMilliseconds(value),10}"));
        }
        var s = summary.Status;
        text.AppendLine("  HTTP codes:");
        text.AppendLine(string.Create(Invariant, $"    1xx - {s.Informational}, 2xx - {s.Success}, 3xx - {s.Redirect}, 4xx - {s.ClientError}, 5xx - {s.ServerError}"));
        text.AppendLine(string.Create(Invariant, $"    others - {s.Other}"));
        var e = summary.Errors;
        (string Name, long Count)[] errors =
            [("timeout", e.Timeout), ("connect", e.Connect), ("read", e.Read), ("write", e.Write), ("parse", e.Parse), ("other", e.Other), ("grpc", e.Grpc)];
        if (errors.Any(x => x.Count > 0))
        {
            text.AppendLine("  Errors:");
            foreach (var (name, count) in errors.Where(x => x.Count > 0))
            {
                text.AppendLine(string.Create(Invariant, $"    {name,10} - {count}"));
            }
        }
        if (summary.GrpcStatus is { Count: > 0 } grpc)
        {
            text.AppendLine("  gRPC status:");
            text.AppendLine("    " + string.Join(", ", grpc.Select(g => string.Create(Invariant, $"{g.Key} - {g.Value}"))));
        }
        text.AppendLine(string.Create(Invariant, $"  {"Throughput:",-10} {FormatBytes(summary.ThroughputBytesPerSecond),10}/s"));
        text.AppendLine(string.Create(Invariant, $"  {"Requests:",-10} {summary.Requests,10} in {summary.ElapsedSeconds:0.00}s ({summary.OverallRps:0.00}/s overall)"));
        if (summary.TargetRate is not null)
        {
            text.AppendLine(string.Create(Invariant, $"  {"Late sends:",-10} {summary.LateSends,10} (sent more than 2 ms after their scheduled time)"));
        }
        return text.ToString();
    }

    /// <summary>Like bombardier: microseconds below 1 ms, milliseconds below 1 s, seconds above.</summary>
    public static string FormatMilliseconds(double milliseconds) => milliseconds switch
    {
        < 1 => string.Create(Invariant, $"{milliseconds * 1000:0.00}us"),
        < 1000 => string.Create(Invariant, $"{milliseconds:0.00}ms"),
        _ => string.Create(Invariant, $"{milliseconds / 1000:0.00}s"),
    };

    public static string FormatBytes(double bytes)
    {
        string[] units = ["B", "KB", "MB", "GB", "TB"];
        var unit = 0;
        while (bytes >= 1024 && unit < units.Length - 1)
        {
            bytes /= 1024;
            unit++;
        }
        return string.Create(Invariant, $"{bytes:0.00}{units[unit]}");
    }
}
