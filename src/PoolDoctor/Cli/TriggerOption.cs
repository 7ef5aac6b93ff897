using System.Globalization;
using System.Text.RegularExpressions;
using PoolDoctor.Analysis.Triggers;
using PoolDoctor.Load;
using PoolDoctor.Model;

namespace PoolDoctor.Cli;

/// <summary>
/// `watch --trigger`: SIGNAL OP VALUE [for DURATION], e.g. `queue>200 for 10s`, `queue-delay-p99>1s`, `cpu>=90%`.
/// Signals: queue, threads, completed, cpu (percent), queue-delay-p50|p99|max (a duration); OP: &gt; &gt;= &lt; &lt;=.
/// A text that does not parse is a usage error naming the option.
/// </summary>
internal static partial class TriggerOption
{
    private static readonly Dictionary<string, TriggerSignal> Signals = new(StringComparer.OrdinalIgnoreCase)
    {
        ["queue"] = TriggerSignal.Queue,
        ["threads"] = TriggerSignal.Threads,
        ["completed"] = TriggerSignal.Completed,
        ["cpu"] = TriggerSignal.Cpu,
        ["queue-delay-p50"] = TriggerSignal.QueueDelayP50,
        ["queue-delay-p99"] = TriggerSignal.QueueDelayP99,
        ["queue-delay-max"] = TriggerSignal.QueueDelayMax,
    };

    public const string Examples = "examples: 'queue>200 for 10s', 'queue-delay-p99>1s', 'threads>=100 for 30s', 'cpu>90%'";

    public static Trigger Parse(string text)
    {
        var match = Grammar().Match(text);
        if (!match.Success)
        {
            throw Bad(text, "expected SIGNAL OP VALUE [for DURATION]");
        }
        var name = match.Groups["signal"].Value;
        if (!Signals.TryGetValue(name, out var signal))
        {
            throw Bad(text, $"unknown signal '{name}' (one of {string.Join(", ", Signals.Keys)})");
        }
        var threshold = Threshold(text, signal, match.Groups["value"].Value);
        var hold = TimeSpan.Zero;
        if (match.Groups["hold"].Success)
        {
            if (!DurationText.TryParse(match.Groups["hold"].Value, out hold) || hold < TimeSpan.Zero || hold > TimeSpan.FromDays(1))
            {
                throw Bad(text, $"'{match.Groups["hold"].Value}' after 'for' is not a duration up to 1 day (e.g. 10s, 2m)");
            }
        }
        var comparison = match.Groups["op"].Value switch
        {
            ">" => TriggerComparison.Greater,
            ">=" => TriggerComparison.GreaterOrEqual,
            "<" => TriggerComparison.Less,
            _ => TriggerComparison.LessOrEqual,
        };
        return new Trigger(signal, comparison, threshold, hold, text.Trim());
    }

    private static double Threshold(string text, TriggerSignal signal, string value)
    {
        if (signal is TriggerSignal.QueueDelayP50 or TriggerSignal.QueueDelayP99 or TriggerSignal.QueueDelayMax)
        {
            // A bare number would be ambiguous (seconds or milliseconds): a delay needs its unit.
            if (!value.Any(char.IsLetter) || !DurationText.TryParse(value, out var delay) || delay < TimeSpan.Zero)
            {
                throw Bad(text, $"'{value}' is not a delay with a unit (e.g. 1s, 250ms)");
            }
            return delay.TotalMilliseconds;
        }
        var number = signal == TriggerSignal.Cpu && value.EndsWith('%') ? value[..^1] : value;
        if (!double.TryParse(number, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var threshold) || !double.IsFinite(threshold))
        {
            throw Bad(text, $"'{value}' is not a number");
        }
        return threshold;
    }

    // The text is quoted with control characters escaped: a newline in it must not split the one-line error (fuzzing).
    private static UsageException Bad(string text, string why) =>
        new($"--trigger: '{OneLineText.Escape(text)}': {why}; {Examples}");

    [GeneratedRegex(@"^\s*(?<signal>[A-Za-z][A-Za-z0-9-]*)\s*(?<op>>=|<=|>|<)\s*(?<value>[^\s]+)(?:\s+for\s+(?<hold>\S+))?\s*$", RegexOptions.CultureInvariant)]
    private static partial Regex Grammar();
}
