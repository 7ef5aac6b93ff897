using System.Text.Encodings.Web;
using System.Text.Json;

namespace PoolDoctor.Report.Stacks;

/// <summary>
/// A speedscope file (https://www.speedscope.app/file-format-schema.json): one "sampled" profile per thread, each
/// distinct stack a sample weighted by its sample count, frames shared and ordered root to leaf as the format wants.
/// </summary>
public static class SpeedscopeWriter
{
    public const string Schema = "https://www.speedscope.app/file-format-schema.json";

    public static void Write(StackReport report, Stream output) =>
        Write(report.Source, report.Threads.Where(t => report.AllThreads || t.IsThreadPool), output, report.Culprits);

    /// <summary>
    /// The given threads' stacks (a thread that moved has several), named after <paramref name="name"/>, with the frames
    /// the culprits' recovery put back where the JIT inlined them (<see cref="RecoveredFrames"/>), each named
    /// `Method [inlined, recovered from IL]` so the file shows what the report's flame graph shows.
    /// </summary>
    public static void Write(string name, IEnumerable<DisplayThread> threadStacks, Stream output, IReadOnlyList<Model.Stacks.Culprit>? culprits = null)
    {
        var recoveries = RecoveredFrames.Of(culprits ?? []);
        threadStacks = threadStacks.Select(t => WithRecovered(t, recoveries));
        var frameIndex = new Dictionary<(string, string?, int?), int>();
        var frameNames = new List<DisplayFrame>();
        var threads = threadStacks
            .GroupBy(t => t.ThreadId)
            .OrderBy(g => g.Key)
            .ToList();

        using var json = new Utf8JsonWriter(output, new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });
        json.WriteStartObject();
        json.WriteString("$schema", Schema);
        json.WriteString("name", $"PoolDoctor stacks of {name}");
        json.WriteString("exporter", "dotnet-pooldoctor");
        json.WriteNumber("activeProfileIndex", 0);
        json.WriteStartArray("profiles");
        foreach (var thread in threads)
        {
            var stacks = thread.ToList();
            json.WriteStartObject();
            json.WriteString("type", "sampled");
            json.WriteString("name", $"Thread {thread.Key}{(stacks[0].IsThreadPool ? " (thread pool)" : "")}");
            json.WriteString("unit", "none");
            json.WriteNumber("startValue", 0);
            json.WriteNumber("endValue", stacks.Sum(s => s.Samples));
            json.WriteStartArray("samples");
            foreach (var stack in stacks)
            {
                json.WriteStartArray();
                for (var i = stack.Frames.Count - 1; i >= 0; i--)
                {
                    json.WriteNumberValue(IndexOf(stack.Frames[i], frameIndex, frameNames));
                }
                json.WriteEndArray();
            }
            json.WriteEndArray();
            json.WriteStartArray("weights");
            foreach (var stack in stacks)
            {
                json.WriteNumberValue(stack.Samples);
            }
            json.WriteEndArray();
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteStartObject("shared");
        json.WriteStartArray("frames");
        foreach (var frame in frameNames)
        {
            json.WriteStartObject();
            json.WriteString("name", frame.Text);
            // The format's own frame fields, so speedscope shows the line beside the name.
            if (frame.Source is { } source)
            {
                json.WriteString("file", source.File);
                json.WriteNumber("line", source.Line);
            }
            json.WriteEndObject();
        }
        json.WriteEndArray();
        json.WriteEndObject();
        json.WriteEndObject();
    }

    private static DisplayThread WithRecovered(DisplayThread thread, IReadOnlyList<RecoveredFrames> recoveries)
    {
        if (recoveries.Count == 0)
        {
            return thread;
        }
        var names = thread.Frames.Select(f => f.Text).ToList();
        var frames = RecoveredFrames.Insert(names, thread.Frames, recoveries, f => new DisplayFrame($"{f.Name} [{f.Marker}]", IsUserCode: true) { Source = f.Source });
        return frames.Count == thread.Frames.Count ? thread : thread with { Frames = frames };
    }

    private static int IndexOf(DisplayFrame frame, Dictionary<(string, string?, int?), int> index, List<DisplayFrame> frames)
    {
        var key = (frame.Text, frame.Source?.File, frame.Source?.Line);
        if (!index.TryGetValue(key, out var i))
        {
            i = frames.Count;
            frames.Add(frame);
            index[key] = i;
        }
        return i;
    }
}
