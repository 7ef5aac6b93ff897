using System.CommandLine;
using System.CommandLine.Parsing;

namespace PoolDoctor.Cli;

/// <summary>
/// The one line a bad command line gets: the first problem, named in the user's words (the unknown verb, the unknown
/// option, the value and what it may be), never System.CommandLine's type names or its multi-line suggestions, and
/// pointing at the verb's own help.
/// </summary>
internal static class ParseErrors
{
    /// <summary>Null when the command line is good; else the message, without the help pointer.</summary>
    public static string? First(ParseResult parsed)
    {
        if (parsed.CommandResult.Command is RootCommand root)
        {
            return RootProblem(parsed, root);
        }
        if (UnknownOptionTakenAsArgument(parsed) is { } unknown)
        {
            return $"unknown option '{unknown}'";
        }
        if (parsed.Errors.Count == 0)
        {
            return null;
        }
        if (parsed.UnmatchedTokens.Count > 0)
        {
            var token = parsed.UnmatchedTokens[0];
            return token.StartsWith('-') ? $"unknown option '{token}'" : $"unexpected argument '{token}'";
        }
        foreach (var error in parsed.Errors)
        {
            if (BadOptionValue(error) is { } message)
            {
                return message;
            }
        }
        return parsed.Errors[0].Message.ReplaceLineEndings(" ").Trim();
    }

    /// <summary>Where a user reads how the verb is called: `dotnet-pooldoctor VERB --help`.</summary>
    public static string HelpPointer(ParseResult parsed)
    {
        var names = new List<string>();
        for (var result = parsed.CommandResult; result is not null; result = result.Parent as CommandResult)
        {
            if (result.Command is not RootCommand)
            {
                names.Insert(0, result.Command.Name);
            }
        }
        return names.Count == 0 ? $"see '{CliApp.ToolName} --help'" : $"see '{CliApp.ToolName} {string.Join(' ', names)} --help'";
    }

    private static string? RootProblem(ParseResult parsed, RootCommand root)
    {
        if (parsed.Errors.Count == 0)
        {
            return null;
        }
        var verbs = string.Join(", ", root.Subcommands.Select(c => c.Name));
        var first = parsed.UnmatchedTokens.Count > 0 ? parsed.UnmatchedTokens[0] : null;
        return first switch
        {
            null => $"name a verb: {verbs}",
            _ when first.StartsWith('-') => $"unknown option '{first}'; name a verb first: {verbs}",
            _ when Closest(first, root.Subcommands.Select(c => c.Name)) is { } near => $"unknown verb '{first}' (did you mean '{near}'?)",
            _ => $"unknown verb '{first}' (verbs: {verbs})",
        };
    }

    /// <summary>The one verb within two edits of a mistyped one (`diagnos`, `stack`), else null.</summary>
    private static string? Closest(string typed, IEnumerable<string> names)
    {
        var near = names.Where(n => Distance(typed.ToLowerInvariant(), n) <= 2).ToList();
        return near.Count == 1 ? near[0] : null;
    }

    private static int Distance(string a, string b)
    {
        var previous = Enumerable.Range(0, b.Length + 1).ToArray();
        for (var i = 1; i <= a.Length; i++)
        {
            var current = new int[b.Length + 1];
            current[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                current[j] = Math.Min(Math.Min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
            }
            previous = current;
        }
        return previous[b.Length];
    }

    /// <summary>
    /// A verb that takes `-- COMMAND ARGS...` (or URLs) gathers every unknown word into that argument, so
    /// `diagnose --no-such-option` would start a program called `--no-such-option`. A word that starts with '-' and
    /// arrived before '--' is an option the verb does not know.
    /// </summary>
    private static string? UnknownOptionTakenAsArgument(ParseResult parsed)
    {
        var dash = -1;
        for (var i = 0; i < parsed.Tokens.Count; i++)
        {
            if (parsed.Tokens[i].Type == TokenType.DoubleDash)
            {
                dash = i;
                break;
            }
        }
        foreach (var argument in parsed.CommandResult.Children.OfType<ArgumentResult>())
        {
            foreach (var token in argument.Tokens)
            {
                if (token.Value.Length > 1 && token.Value.StartsWith('-') && (dash < 0 || IndexOf(parsed.Tokens, token) < dash))
                {
                    return token.Value;
                }
            }
        }
        return null;
    }

    private static int IndexOf(IReadOnlyList<Token> tokens, Token token)
    {
        for (var i = 0; i < tokens.Count; i++)
        {
            if (ReferenceEquals(tokens[i], token))
            {
                return i;
            }
        }
        return int.MaxValue;
    }

    /// <summary>A value the option's type cannot take, said as what the option takes (not as a CLR type name).</summary>
    private static string? BadOptionValue(ParseError error)
    {
        var option = error.SymbolResult switch
        {
            OptionResult o => o.Option,
            ArgumentResult { Parent: OptionResult o } => o.Option,
            _ => null,
        };
        if (option is null)
        {
            return null;
        }
        var tokens = error.SymbolResult!.Tokens;
        var value = tokens.Count > 0 ? tokens[0].Value : "";
        if (tokens.Count == 0)
        {
            return $"{option.Name}: needs a value";
        }
        // `-p 1 -p 2` hands both values to an option that takes one; reading the first as the bad one would blame a
        // good number.
        if (option.Arity.MaximumNumberOfValues == 1 && tokens.Count > 1)
        {
            return $"{option.Name}: given {tokens.Count} times ({string.Join(", ", tokens.Select(t => $"'{t.Value}'"))}); give it once";
        }
        // The typed options' own parsers (Cli/Options) add one line that names the option, whatever the value's type.
        if (error.Message.StartsWith($"{option.Name}:", StringComparison.Ordinal))
        {
            return error.Message;
        }
        var type = Nullable.GetUnderlyingType(option.ValueType) ?? option.ValueType;
        if (type.IsArray)
        {
            type = type.GetElementType()!;
        }
        if (type.IsEnum)
        {
            return $"{option.Name}: '{value}' is not one of {string.Join(", ", Enum.GetNames(type).Select(n => n.ToLowerInvariant()))}";
        }
        if (type == typeof(int) || type == typeof(long))
        {
            return $"{option.Name}: '{value}' is not a whole number";
        }
        if (type == typeof(double))
        {
            return $"{option.Name}: '{value}' is not a number";
        }
        if (type == typeof(bool))
        {
            return $"{option.Name}: '{value}' is not true or false";
        }
        // Our own parsers already add one line that names the option.
        return error.Message.ReplaceLineEndings(" ").Trim();
    }
}
