using System.Text.Json;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;

// Two jobs for recording stack fixtures:
//   convert IN.nettrace OUT.json      nettrace -> compact StackSnapshot JSON (the tests' RecordedStacks loader reads it)
//   load URL CONNECTIONS SECONDS      bounded HTTP load on a loopback URL (at most 200000 requests)
return args switch
{
    ["convert", var input, var output] => Convert(input, output),
    ["load", var url, var connections, var seconds] => await Load(new Uri(url), int.Parse(connections), double.Parse(seconds)),
    _ => Usage(),
};

static int Usage()
{
    Console.Error.WriteLine("usage: StackFixtureRecorder convert IN.nettrace OUT.json | load URL CONNECTIONS SECONDS");
    return 2;
}

static int Convert(string input, string output)
{
    var etlx = Path.ChangeExtension(output, ".etlx");
    TraceLog.CreateFromEventPipeDataFile(input, etlx);
    try
    {
        using var log = new TraceLog(etlx);
        var snapshot = new CompactSnapshot();
        foreach (var e in log.Events)
        {
            snapshot.Add(e);
        }
        snapshot.WindowSeconds = Math.Round(log.SessionDuration.TotalSeconds, 3);
        File.WriteAllText(output, JsonSerializer.Serialize(snapshot.ToJson()));
        Console.Error.WriteLine($"{output}: {snapshot.Summary}");
        return 0;
    }
    finally
    {
        File.Delete(etlx);
    }
}

static async Task<int> Load(Uri url, int connections, double seconds)
{
    if (!url.IsLoopback)
    {
        Console.Error.WriteLine("load: loopback URLs only");
        return 2;
    }
    var deadline = DateTime.UtcNow.AddSeconds(seconds);
    using var handler = new SocketsHttpHandler { MaxConnectionsPerServer = connections };
    using var http = new HttpClient(handler) { Timeout = TimeSpan.FromSeconds(30) };
    long ok = 0, failed = 0, budget = 200_000;
    var workers = Enumerable.Range(0, connections).Select(async _ =>
    {
        while (DateTime.UtcNow < deadline && Interlocked.Decrement(ref budget) >= 0)
        {
            try
            {
                using var response = await http.GetAsync(url);
                Interlocked.Increment(ref ok);
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                Interlocked.Increment(ref failed);
            }
        }
    });
    await Task.WhenAll(workers);
    Console.WriteLine($"ok={ok} failed={failed}");
    return 0;
}

/// <summary>Frame table + per (thread, stack) sample counts + wait spans, matching the model's StackSnapshot.</summary>
internal sealed class CompactSnapshot
{
    private readonly List<string[]> _frames = [];
    private readonly Dictionary<string, int> _frameIndex = [];
    private readonly Dictionary<(int Thread, string Key), (int[] Frames, int Samples)> _stacks = [];
    private readonly List<object> _waits = [];
    private readonly Dictionary<(int Thread, string Source), (double Start, int[] Frames)> _openWaits = [];
    private int _processId;

    public double WindowSeconds { get; set; }

    public string Summary => $"{_stacks.Count} stacks, {_frames.Count} frames, {_waits.Count} waits";

    public void Add(TraceEvent e)
    {
        if (e.ProviderName == "Microsoft-DotNETCore-SampleProfiler" && e.EventName.Contains("Sample", StringComparison.Ordinal))
        {
            _processId = e.ProcessID;
            var frames = StackOf(e);
            var key = (e.ThreadID, string.Join(',', frames));
            _stacks[key] = _stacks.TryGetValue(key, out var seen) ? (seen.Frames, seen.Samples + 1) : (frames, 1);
            return;
        }
        if (WaitStart(e) is { } startSource)
        {
            // The TPL reports every await as a TaskWait too; only synchronous waits (Behavior 1) block a thread.
            if (startSource == "TaskWait" && System.Convert.ToInt32(e.PayloadByName("Behavior")) != 1)
            {
                return;
            }
            _openWaits[(e.ThreadID, startSource)] = (e.TimeStampRelativeMSec, StackOf(e));
        }
        else if (WaitStop(e) is { } stopSource && _openWaits.Remove((e.ThreadID, stopSource), out var open))
        {
            _waits.Add(new { thread = e.ThreadID, source = stopSource, ms = Math.Round(e.TimeStampRelativeMSec - open.Start, 3), frames = open.Frames });
        }
    }

    public object ToJson() => new
    {
        processId = _processId,
        windowSeconds = WindowSeconds,
        frames = _frames,
        stacks = _stacks.OrderBy(s => s.Key.Thread).Select(s => new { thread = s.Key.Thread, samples = s.Value.Samples, frames = s.Value.Frames }),
        waits = _waits,
    };

    private static string? WaitStart(TraceEvent e) => e.EventName switch
    {
        "WaitHandleWait/Start" => "WaitHandle",
        "Contention/Start" => "Contention",
        "TaskWait/Send" => "TaskWait",
        _ => null,
    };

    private static string? WaitStop(TraceEvent e) => e.EventName switch
    {
        "WaitHandleWait/Stop" => "WaitHandle",
        "Contention/Stop" => "Contention",
        "TaskWait/Stop" => "TaskWait",
        _ => null,
    };

    private int[] StackOf(TraceEvent e)
    {
        var indexes = new List<int>();
        for (var frame = e.CallStack(); frame != null; frame = frame.Caller)
        {
            var method = string.IsNullOrEmpty(frame.CodeAddress.FullMethodName) ? "?" : frame.CodeAddress.FullMethodName;
            var module = string.IsNullOrEmpty(frame.CodeAddress.ModuleName) ? "?" : frame.CodeAddress.ModuleName;
            var key = module + "!" + method;
            if (!_frameIndex.TryGetValue(key, out var index))
            {
                index = _frames.Count;
                _frames.Add([module, method]);
                _frameIndex[key] = index;
            }
            indexes.Add(index);
        }
        return [.. indexes];
    }
}
