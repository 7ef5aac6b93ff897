using System.Globalization;

namespace PoolDoctor.Load;

/// <summary>Reads durations the way load tools write them: 10s, 500ms, 2m, 1h, 1.5s, or a plain number of seconds.</summary>
public static class DurationText
{
    public static bool TryParse(string? text, out TimeSpan duration)
    {
        duration = default;
        if (string.IsNullOrWhiteSpace(text))
        {
            return false;
        }
        var s = text.Trim().ToLowerInvariant();
        (string suffix, double seconds)[] units = [("ms", 0.001), ("us", 0.000001), ("s", 1), ("m", 60), ("h", 3600)];
        var scale = 1.0;
        foreach (var (suffix, seconds) in units)
        {
            if (s.EndsWith(suffix, StringComparison.Ordinal))
            {
                s = s[..^suffix.Length];
                scale = seconds;
                break;
            }
        }
        if (!double.TryParse(s, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) || !double.IsFinite(value))
        {
            return false;
        }
        var total = value * scale;
        if (total > TimeSpan.MaxValue.TotalSeconds / 2)
        {
            return false;
        }
        duration = TimeSpan.FromSeconds(total);
        return true;
    }

    /// <summary>Short invariant form for output: 10s, 500ms, 2m30s.</summary>
    public static string Format(TimeSpan duration)
    {
        if (duration < TimeSpan.FromSeconds(1))
        {
            return $"{duration.TotalMilliseconds.ToString("0.###", CultureInfo.InvariantCulture)}ms";
        }
        if (duration < TimeSpan.FromMinutes(1) || duration.Ticks % TimeSpan.TicksPerSecond != 0)
        {
            return $"{duration.TotalSeconds.ToString("0.###", CultureInfo.InvariantCulture)}s";
        }
        var parts = new List<string>();
        if (duration.TotalHours >= 1)
        {
            parts.Add($"{(int)duration.TotalHours}h");
        }
        if (duration.Minutes > 0)
        {
            parts.Add($"{duration.Minutes}m");
        }
        if (duration.Seconds > 0)
        {
            parts.Add($"{duration.Seconds}s");
        }
        return string.Concat(parts);
    }
}
