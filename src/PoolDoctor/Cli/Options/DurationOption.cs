using System.Globalization;
using PoolDoctor.Load;

namespace PoolDoctor.Cli;

/// <summary>
/// Every verb's duration options: the load generator's grammar (30s, 500ms, 2m, 1h, 45 = seconds) plus
/// "00:00:30", turned into a usage error naming the option when the text is not a positive duration.
/// </summary>
internal static class DurationOption
{
    private static readonly TimeSpan DefaultMaximum = TimeSpan.FromDays(1);

    public static TimeSpan Parse(string text, string optionName, TimeSpan? maximum = null)
    {
        var limit = maximum ?? DefaultMaximum;
        var trimmed = text.Trim();
        if (!DurationText.TryParse(trimmed, out var span)
            && !(trimmed.Contains(':', StringComparison.Ordinal) && TimeSpan.TryParse(trimmed, CultureInfo.InvariantCulture, out span)))
        {
            throw new UsageException($"{optionName}: '{text}' is not a duration (examples: 30s, 500ms, 2m, 00:01:00)");
        }
        if (span <= TimeSpan.Zero || span > limit)
        {
            throw new UsageException($"{optionName}: '{text}' must be more than 0 and at most {DurationText.Format(limit)}");
        }
        return span;
    }
}
