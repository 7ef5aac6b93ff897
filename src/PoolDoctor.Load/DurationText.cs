using System.Globalization;

namespace PoolDoctor.Load;

/// <summary>Reads durations the way load tools write them: 10s, 500ms, 2m, 1h, 1.5s, or a plain number of seconds.</summary>
public static class DurationText
{
    /// <summary>
    /// Reads a plain number of seconds ("45") or one or more number-unit parts, largest unit first, each unit once
    /// ("30s", "500ms", "1.5s", "2m30s", "1h5m"): units h, m, s, ms, us. What <see cref="Format"/> writes reads back.
    /// </summary>
    public static bool TryParse(string? text, out TimeSpan duration)
    {
        duration = default;
        if (string.IsNullOrWhiteSpace(text))
        {
            return false;
        }
        var s = text.Trim().ToLowerInvariant();
        double total;
        if (TryNumber(s, out var plainSeconds))
        {
            total = plainSeconds;
        }
        else if (!TrySumParts(s, out total))
        {
            return false;
        }
        if (total > TimeSpan.MaxValue.TotalSeconds / 2)
        {
            return false;
        }
        duration = TimeSpan.FromSeconds(total);
        return true;
    }

    private static bool TrySumParts(string s, out double seconds)
    {
        seconds = 0;
        var previousRank = int.MaxValue;
        var i = 0;
        while (i < s.Length)
        {
            var numberStart = i;
            while (i < s.Length && (char.IsAsciiDigit(s[i]) || s[i] == '.'))
            {
                i++;
            }
            var unitStart = i;
            while (i < s.Length && char.IsAsciiLetterLower(s[i]))
            {
                i++;
            }
            var (rank, scale) = s[unitStart..i] switch
            {
                "h" => (4, 3600.0),
                "m" => (3, 60.0),
                "s" => (2, 1.0),
                "ms" => (1, 0.001),
                "us" => (0, 0.000001),
                _ => (-1, 0.0),
            };
            if (rank < 0 || rank >= previousRank || !TryNumber(s[numberStart..unitStart], out var value))
            {
                return false;
            }
            seconds += value * scale;
            previousRank = rank;
        }
        return true;
    }

    private static bool TryNumber(string s, out double value) =>
        double.TryParse(s, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out value) && double.IsFinite(value);

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
