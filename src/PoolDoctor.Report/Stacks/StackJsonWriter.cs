using System.Text.Encodings.Web;
using System.Text.Json;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// The machine view. Key names are an interface: culprits[] (method, kind, api, threads, share, exampleStack) and groups[]
/// (frames, threads, share, threadPool, threadIds); plus the raw per-thread stacks with `--raw` and the wait spans summary.
/// </summary>
public static class StackJsonWriter
{
    public static void Write(StackReport report, Stream output)
    {
        using var json = new Utf8JsonWriter(output, new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });
        json.WriteStartObject();
        json.WriteNumber("schemaVersion", JsonSchemaVersion.Current);
        json.WriteString("source", report.Source);
        json.WriteNumber("processId", report.Snapshot.ProcessId);
        json.WriteNumber("windowSeconds", Math.Round(report.Snapshot.WindowSeconds, 3));
        json.WriteNumber("samples", report.TotalSamples);
        json.WriteNumber("threads", report.ThreadCount);
        json.WriteNumber("threadPoolThreads", report.PoolThreads);
        if (report.Note is { } note)
        {
            json.WriteString("note", note);
        }
        if (report.FromDump)
        {
            json.WriteBoolean("coreDump", true);
        }
        if (report.ThreadPool is { } pool)
        {
            ThreadPoolJson.Write(json, pool);
        }

        json.WriteStartArray("culprits");
        foreach (var c in report.Culprits)
        {
            CulpritJson.Write(json, c);
        }
        json.WriteEndArray();

        json.WriteStartArray("groups");
        foreach (var g in report.Groups.Where(g => report.AllThreads || g.Group.IsThreadPool))
        {
            json.WriteStartObject();
            json.WriteNumber("threads", g.Group.Threads);
            json.WriteNumber("share", Math.Round(g.Group.Share, 4));
            json.WriteBoolean("threadPool", g.Group.IsThreadPool);
            WriteInts(json, "threadIds", g.Group.ThreadIds);
            WriteFrames(json, g.Frames);
            json.WriteEndObject();
        }
        json.WriteEndArray();

        if (report.Raw)
        {
            json.WriteStartArray("threadStacks");
            foreach (var t in report.Threads.Where(t => report.AllThreads || t.IsThreadPool))
            {
                json.WriteStartObject();
                json.WriteNumber("threadId", t.ThreadId);
                json.WriteBoolean("threadPool", t.IsThreadPool);
                json.WriteNumber("samples", t.Samples);
                WriteFrames(json, t.Frames);
                json.WriteEndObject();
            }
            json.WriteEndArray();
        }

        json.WriteStartArray("waits");
        foreach (var source in report.Snapshot.Waits.GroupBy(w => w.Source).OrderBy(g => g.Key))
        {
            json.WriteStartObject();
            json.WriteString("source", source.Key.ToString());
            json.WriteNumber("count", source.Count());
            json.WriteNumber("totalMs", Math.Round(source.Sum(w => w.DurationMs), 1));
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteEndObject();
    }

    private static void WriteFrames(Utf8JsonWriter json, IReadOnlyList<DisplayFrame> frames)
    {
        json.WriteStartArray("frames");
        foreach (var frame in frames)
        {
            json.WriteStartObject();
            json.WriteString("name", frame.Text);
            json.WriteBoolean("userCode", frame.IsUserCode);
            json.WriteEndObject();
        }
        json.WriteEndArray();
    }

    private static void WriteInts(Utf8JsonWriter json, string name, IReadOnlyList<int> values)
    {
        json.WriteStartArray(name);
        foreach (var v in values)
        {
            json.WriteNumberValue(v);
        }
        json.WriteEndArray();
    }
}
