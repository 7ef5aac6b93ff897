using System.Globalization;
using System.Text;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Collect.SelfTiming;

/// <summary>
/// Where a run's wall clock goes, for the bench scripts (bench/time-to-verdict.sh, bench/time-to-culprit.sh): named
/// moments as Unix time, so a script can set them beside its own clock (when it started the load). Off unless
/// POOLDOCTOR_TIMING=1; then <see cref="Print"/> writes one `timeline:` line on stderr. The first moment of each name
/// is kept (the first sample, not every sample).
/// </summary>
public static class ToolTimeline
{
    private static readonly bool Enabled = Environment.GetEnvironmentVariable("POOLDOCTOR_TIMING") == "1";
    private static readonly Lock Gate = new();
    private static readonly List<(string Name, double UnixSeconds)> Marks = [];

    public static bool IsEnabled => Enabled;

    /// <summary>Notes that <paramref name="name"/> happened now (only its first time).</summary>
    public static void Mark(string name)
    {
        if (!Enabled)
        {
            return;
        }
        var now = (DateTime.UtcNow - DateTime.UnixEpoch).TotalSeconds;
        lock (Gate)
        {
            if (!Marks.Exists(m => m.Name == name))
            {
                Marks.Add((name, now));
            }
        }
    }

    /// <summary>Writes `timeline: process=… main=… …` (Unix seconds, process start from /proc at 10 ms resolution).</summary>
    public static void Print(TextWriter to)
    {
        if (!Enabled)
        {
            return;
        }
        var line = new StringBuilder("timeline:");
        if (ProcessStartUnixSeconds() is { } started)
        {
            line.Append(CultureInfo.InvariantCulture, $" process={started:F3}");
        }
        lock (Gate)
        {
            foreach (var (name, at) in Marks)
            {
                line.Append(CultureInfo.InvariantCulture, $" {name}={at:F4}");
            }
        }
        to.WriteLine(line.ToString());
    }

    // The start time in clock ticks since boot (USER_HZ = 100 on Linux), set against the boot time that now and the
    // uptime give (/proc/stat's btime has whole seconds only).
    private static double? ProcessStartUnixSeconds()
    {
        var now = (DateTime.UtcNow - DateTime.UnixEpoch).TotalSeconds;
        return ProcFs.UptimeSeconds() is { } uptime && ProcFs.StartTime(Environment.ProcessId) is { } ticks
            ? now - uptime + ticks / 100.0
            : null;
    }
}
