using System.Globalization;
using System.Text.RegularExpressions;

namespace PoolDoctor.Cli;

/// <summary>Reads durations as users type them: "30s", "500ms", "2m", "1h", "45" (seconds) or "00:00:30".</summary>
internal static partial class DurationOption
{
    [GeneratedRegex(@"^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$", RegexOptions.IgnoreCase)]
    private static partial Regex Shape();

    public static TimeSpan Parse(string text, string optionName)
    {
        var trimmed = text.Trim();
        var match = Shape().Match(trimmed);
        if (match.Success)
        {
            var value = double.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture);
            var span = match.Groups[2].Value.ToLowerInvariant() switch
            {
                "ms" => TimeSpan.FromMilliseconds(value),
                "m" => TimeSpan.FromMinutes(value),
                "h" => TimeSpan.FromHours(value),
                _ => TimeSpan.FromSeconds(value),
            };
            return Positive(span, text, optionName);
        }
        if (TimeSpan.TryParse(trimmed, CultureInfo.InvariantCulture, out var parsed))
        {
            return Positive(parsed, text, optionName);
        }
        throw new UsageException($"{optionName}: '{text}' is not a duration (examples: 30s, 500ms, 2m, 00:01:00)");
    }

    private static TimeSpan Positive(TimeSpan span, string text, string optionName) =>
        span > TimeSpan.Zero && span < TimeSpan.FromDays(1)
            ? span
            : throw new UsageException($"{optionName}: '{text}' must be more than 0 and less than a day");
}
