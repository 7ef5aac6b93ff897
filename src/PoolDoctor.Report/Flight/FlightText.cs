using System.Globalization;
using PoolDoctor.Model.Flight;

namespace PoolDoctor.Report.Flight;

/// <summary>The onset a flight recording shows, in words, with every moment counted back from the trigger.</summary>
public static class FlightText
{
    /// <summary>One line: what was kept, when the queue began to grow, the first starvation injection, the first waits.</summary>
    public static string Describe(FlightRecording r)
    {
        var parts = new List<string> { $"flight recorder: {N(r.TriggerSeconds - r.FromSeconds)} s before the trigger kept" };
        parts.AddRange(OnsetFacts(r));
        return string.Join("; ", parts);
    }

    /// <summary>The onset's facts, one phrase each, earliest evidence last so each reads on its own.</summary>
    public static IReadOnlyList<string> OnsetFacts(FlightRecording r)
    {
        var o = r.Onset;
        var facts = new List<string>();
        facts.Add(o.QueueGrowingSinceSeconds is { } growing
            ? $"queue above the core count since {Before(r, growing)}" + (o.LastCalmSeconds is { } calm ? $" (last calm sample {Before(r, calm)})" : " (the whole window)")
            : "queue not above the core count at the trigger");
        if (o.FirstStarvationInjectionSeconds is { } injection)
        {
            facts.Add($"first starvation injection {Before(r, injection)}");
        }
        foreach (var wait in o.FirstWaits.Take(3))
        {
            facts.Add($"first {Name(wait.Kind)} {Before(r, wait.FirstSeconds)} ({wait.Count} from then to the trigger; background {wait.BaselinePerSecond.ToString("0.##", CultureInfo.InvariantCulture)}/s)");
        }
        if (o.FirstWaits.Count == 0)
        {
            facts.Add("no kind of wait rose above its background in the onset span (sleeps and synchronous I/O send no wait event)");
        }
        return facts;
    }

    /// <summary>The kind as the calls that cause it are known.</summary>
    public static string Name(WaitKind kind) => kind switch
    {
        WaitKind.MonitorWait => "Monitor.Wait (Task.Wait/.Result, SemaphoreSlim.Wait)",
        WaitKind.WaitHandle => "WaitHandle.WaitOne",
        _ => "lock contention",
    };

    private static string Before(FlightRecording r, double seconds) => $"{N(r.TriggerSeconds - seconds)} s before the trigger";

    private static string N(double value) => value.ToString("0.0", CultureInfo.InvariantCulture);
}
