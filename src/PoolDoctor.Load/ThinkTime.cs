using System.Diagnostics;

namespace PoolDoctor.Load;

/// <summary>
/// A pause before each of a connection's requests, uniform between <see cref="Min"/> and <see cref="Max"/> (siege's
/// -d, which pauses 0..N before each request): a user who reads the page before the next click. It turns a closed
/// loop into a population of users, so a server is loaded by how many there are, not only by how fast it answers.
/// </summary>
public sealed record ThinkTime(TimeSpan Min, TimeSpan Max)
{
    /// <summary>
    /// Reads "MIN-MAX" ("0-200ms", "100ms-1s", "1-2s": a bare number takes the other end's unit) or one duration D,
    /// read as siege reads -d: 0 to D. Null with a reason when the text is not one.
    /// </summary>
    public static ThinkTime? Parse(string? text, out string? problem)
    {
        problem = null;
        var s = text?.Trim() ?? "";
        if (s.Length == 0)
        {
            problem = "empty";
            return null;
        }
        var dash = s.IndexOf('-', StringComparison.Ordinal);
        var lowText = dash < 0 ? "0" : s[..dash].Trim();
        var highText = dash < 0 ? s : s[(dash + 1)..].Trim();
        var unit = UnitOf(highText);
        if (unit.Length > 0 && IsPlainNumber(lowText))
        {
            lowText += unit;
        }
        if (UnitOf(lowText).Length > 0 && IsPlainNumber(highText))
        {
            highText += UnitOf(lowText);
        }
        if (!DurationText.TryParse(lowText, out var low) || !DurationText.TryParse(highText, out var high))
        {
            problem = $"'{text}' is not a duration or a range like 0-200ms";
            return null;
        }
        if (high < low)
        {
            problem = $"'{text}': the upper end is below the lower one";
            return null;
        }
        if (high > MaxThinkTime)
        {
            problem = $"'{text}': a think time is at most {MaxThinkTime.TotalMinutes:0} minutes";
            return null;
        }
        return new ThinkTime(low, high);
    }

    /// <summary>The longest pause accepted: past this a run is idle, not loaded.</summary>
    public static readonly TimeSpan MaxThinkTime = TimeSpan.FromMinutes(10);

    /// <summary>The next pause in Stopwatch ticks, uniform over [Min, Max].</summary>
    public long NextPauseTicks(Random random)
    {
        var low = Min.TotalSeconds * Stopwatch.Frequency;
        var high = Max.TotalSeconds * Stopwatch.Frequency;
        return (long)(low + (random.NextDouble() * (high - low)));
    }

    public override string ToString() => $"{DurationText.Format(Min)}-{DurationText.Format(Max)}";

    private static string UnitOf(string text)
    {
        var i = text.Length;
        while (i > 0 && char.IsAsciiLetter(text[i - 1]))
        {
            i--;
        }
        return text[i..];
    }

    private static bool IsPlainNumber(string text) => text.Length > 0 && UnitOf(text).Length == 0;
}
