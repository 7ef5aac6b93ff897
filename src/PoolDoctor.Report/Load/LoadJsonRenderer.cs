using System.Text;
using System.Text.Json;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Report.Load;

/// <summary>The load summary as one JSON object; every key is documented in docs/cli.md (## load) and is an interface.</summary>
public static class LoadJsonRenderer
{
    public static string Render(LoadSummary summary, bool indented = true)
    {
        using var stream = new MemoryStream();
        using (var json = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = indented }))
        {
            Write(json, summary, schemaVersion: true);
        }
        return Encoding.UTF8.GetString(stream.ToArray());
    }

    /// <summary>Writes the object into a larger document (the doctor's report embeds it).</summary>
    public static void Write(Utf8JsonWriter json, LoadSummary summary) => Write(json, summary, schemaVersion: false);

    // A document of its own says its schema version; embedded in another, the outer document says it.
    private static void Write(Utf8JsonWriter json, LoadSummary summary, bool schemaVersion)
    {
        json.WriteStartObject();
        if (schemaVersion)
        {
            json.WriteNumber("schemaVersion", JsonSchemaVersion.Current);
        }
        json.WriteString("url", summary.Url);
        json.WriteNumber("connections", summary.Connections);
        if (summary.TargetRate is { } rate)
        {
            json.WriteNumber("targetRate", rate);
        }
        else
        {
            json.WriteNull("targetRate");
        }
        json.WriteNumber("requests", summary.Requests);
        json.WriteNumber("elapsedSeconds", Round(summary.ElapsedSeconds));

        json.WriteStartObject("rps");
        json.WriteNumber("mean", Round(summary.Rps.Mean));
        json.WriteNumber("stdev", Round(summary.Rps.Stdev));
        json.WriteNumber("max", Round(summary.Rps.Max));
        json.WriteNumber("overall", Round(summary.OverallRps));
        json.WriteEndObject();

        var l = summary.LatencyMs;
        json.WriteStartObject("latencyMs");
        json.WriteNumber("mean", Round(l.Mean));
        json.WriteNumber("stdev", Round(l.Stdev));
        json.WriteNumber("max", Round(l.Max));
        json.WriteNumber("p50", Round(l.P50));
        json.WriteNumber("p75", Round(l.P75));
        json.WriteNumber("p90", Round(l.P90));
        json.WriteNumber("p95", Round(l.P95));
        json.WriteNumber("p99", Round(l.P99));
        json.WriteEndObject();

        var s = summary.Status;
        json.WriteStartObject("status");
        json.WriteNumber("1xx", s.Informational);
        json.WriteNumber("2xx", s.Success);
        json.WriteNumber("3xx", s.Redirect);
        json.WriteNumber("4xx", s.ClientError);
        json.WriteNumber("5xx", s.ServerError);
        json.WriteNumber("other", s.Other);
        json.WriteNumber("non2xx", s.NonSuccess);
        json.WriteEndObject();

        var e = summary.Errors;
        json.WriteStartObject("errors");
        json.WriteNumber("timeout", e.Timeout);
        json.WriteNumber("connect", e.Connect);
        json.WriteNumber("read", e.Read);
        json.WriteNumber("write", e.Write);
        json.WriteNumber("parse", e.Parse);
        json.WriteNumber("other", e.Other);
        json.WriteNumber("grpc", e.Grpc);
        json.WriteNumber("total", e.Timeout + e.NonTimeout);
        json.WriteEndObject();

        if (summary.GrpcStatus is { } grpc)
        {
            json.WriteStartObject("grpcStatus");
            foreach (var (name, count) in grpc)
            {
                json.WriteNumber(name, count);
            }
            json.WriteEndObject();
        }
        else
        {
            json.WriteNull("grpcStatus");
        }

        json.WriteNumber("bytesRead", summary.BytesRead);
        json.WriteNumber("bytesWritten", summary.BytesWritten);
        json.WriteNumber("throughputBytesPerSecond", Round(summary.ThroughputBytesPerSecond));
        json.WriteNumber("lateSends", summary.LateSends);
        json.WriteEndObject();
    }

    // Three decimals is a microsecond for latencies: finer digits would only be noise.
    private static double Round(double value) => Math.Round(value, 3);
}
