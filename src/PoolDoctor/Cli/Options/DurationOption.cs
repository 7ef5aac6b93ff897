using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using PoolDoctor.Load;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// Every verb's duration options (`--duration`, `--timeout`, `--cooldown`, `--refresh-interval`): typed as a
/// <see cref="TimeSpan"/> and checked while parsing, in the load generator's grammar (30s, 500ms, 2m, 1h, 45 = seconds)
/// plus "00:00:30", against the verb's own maximum. A bad value is a parse error in one line naming the option.
/// </summary>
internal sealed class DurationOption
{
    private static readonly TimeSpan DefaultMaximum = TimeSpan.FromDays(1);
    private readonly TimeSpan? _default;

    private DurationOption(Option<TimeSpan> option, TimeSpan? fallback)
    {
        Option = option;
        _default = fallback;
    }

    /// <summary>
    /// The option itself. It has no default factory on purpose: the help would print a default as "00:00:10"; the
    /// description says it as a user types it (`[default: 10s]`) and <see cref="Read"/> supplies it.
    /// </summary>
    public Option<TimeSpan> Option { get; }

    /// <param name="defaultText">The default as the help shows it (e.g. "10s"); null: none (the verb's own meaning).</param>
    /// <param name="maximum">The verb's limit; 24 h when null.</param>
    /// <param name="check">A verb's own further rule: the problem with a duration (given its text), or null.</param>
    /// <param name="zeroAllowed">0 is a meaning of its own (e.g. `--min-duration 0`: no minimum), not a mistake.</param>
    public static DurationOption Create(
        string name, string[] aliases, string description, string? defaultText = null, TimeSpan? maximum = null,
        string helpName = "DURATION", Func<string, TimeSpan, string?>? check = null, bool zeroAllowed = false)
    {
        var limit = maximum ?? DefaultMaximum;
        var option = new Option<TimeSpan>(name, aliases)
        {
            HelpName = helpName,
            Description = defaultText is null ? description : $"{description} [default: {defaultText}]",
            CustomParser = result => Parse(result, name, limit, check, zeroAllowed),
        };
        return new DurationOption(option, defaultText is null ? null : Parse(defaultText, name, limit, zeroAllowed));
    }

    /// <summary>The duration given, else the default (null when the option has none and was not given).</summary>
    public TimeSpan? Read(ParseResult parse) => parse.GetResult(Option) is { Implicit: false } ? parse.GetValue(Option) : _default;

    /// <summary>The duration given, else the default; for options created with one.</summary>
    public TimeSpan ReadOrDefault(ParseResult parse) => Read(parse) ?? throw new InvalidOperationException($"{Option.Name} has no default");

    /// <summary>True when the user gave the option (not its default).</summary>
    public bool IsGiven(ParseResult parse) => parse.GetResult(Option) is { Implicit: false };

    public static TimeSpan Parse(string text, string optionName, TimeSpan? maximum = null, bool zeroAllowed = false) =>
        TryParse(text, optionName, maximum ?? DefaultMaximum, zeroAllowed, out var span, out var problem) ? span : throw new UsageException(problem!);

    private static TimeSpan Parse(ArgumentResult result, string optionName, TimeSpan limit, Func<string, TimeSpan, string?>? check, bool zeroAllowed)
    {
        // No value at all is System.CommandLine's own arity error ("needs a value").
        if (result.Tokens.Count == 0)
        {
            return default;
        }
        var text = result.Tokens[0].Value;
        if (TryParse(text, optionName, limit, zeroAllowed, out var span, out var problem) && (problem = check?.Invoke(text, span)) is null)
        {
            return span;
        }
        result.AddError(problem!);
        return default;
    }

    private static bool TryParse(string text, string optionName, TimeSpan limit, bool zeroAllowed, out TimeSpan span, out string? problem)
    {
        problem = null;
        var trimmed = text.Trim();
        if (!DurationText.TryParse(trimmed, out span)
            && !(trimmed.Contains(':', StringComparison.Ordinal) && TimeSpan.TryParse(trimmed, CultureInfo.InvariantCulture, out span)))
        {
            problem = $"{optionName}: '{text}' is not a duration (examples: 30s, 500ms, 2m, 00:01:00)";
            return false;
        }
        if (span < TimeSpan.Zero || (span == TimeSpan.Zero && !zeroAllowed) || span > limit)
        {
            problem = $"{optionName}: '{text}' must be {(zeroAllowed ? "0 or more" : "more than 0")} and at most {DurationText.Format(limit)}";
            return false;
        }
        return true;
    }
}
