using System.Globalization;

namespace PoolDoctor.Cli.Stacks;

/// <summary>Reads durations the way users type them: "1s", "500ms", "2m", or a bare number of seconds.</summary>
internal static class DurationText
{
    public static TimeSpan Parse(string text, string option)
    {
        var t = text.Trim().ToLowerInvariant();
        (string number, double scale) = t.EndsWith("ms", StringComparison.Ordinal) ? (t[..^2], 0.001)
            : t.EndsWith('s') ? (t[..^1], 1.0)
            : t.EndsWith('m') ? (t[..^1], 60.0)
            : (t, 1.0);
        if (!double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || value <= 0 || double.IsInfinity(value))
        {
            throw new UsageException($"{option}: '{text}' is not a duration (examples: 1s, 500ms, 2m)");
        }
        var seconds = value * scale;
        if (seconds > 3600)
        {
            throw new UsageException($"{option}: '{text}' is too long (at most 1 hour)");
        }
        return TimeSpan.FromSeconds(seconds);
    }
}
