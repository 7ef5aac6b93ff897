using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// Rewrites the user's own blocking line the way the fix goes: <c>x.Result</c>, <c>x.Wait()</c> and
/// <c>x.GetAwaiter().GetResult()</c> become <c>await x</c>, <c>Thread.Sleep(n)</c> becomes <c>await Task.Delay(n)</c>,
/// a sync driver or semaphore call becomes its awaited <c>...Async</c> twin, and the enclosing method's signature
/// becomes <c>async Task</c>. Only what can be rewritten mechanically is; anything else gives null, never a guess.
/// </summary>
public static partial class CodeRewrite
{
    /// <summary>Numbered lines (<c>  29 | code</c>) before and after.</summary>
    public sealed record Rewritten(IReadOnlyList<string> Before, IReadOnlyList<string> After);

    // Lines between the signature and the call beyond which the excerpt elides the middle.
    private const int MaxGap = 6;

    public static Rewritten? Rewrite(SourceExcerpt excerpt, BlockingKind kind, string api, string method)
    {
        var call = excerpt.CallLine - excerpt.FirstLine;
        if (call < 0 || call >= excerpt.Lines.Count || RewriteCall(excerpt.Lines[call], kind, api, IsRazor(excerpt.File)) is not { } rewritten)
        {
            return null;
        }
        var signature = FindSignature(excerpt.Lines, call, method);
        var shown = Shown(signature, call, excerpt.Lines.Count);
        var before = new List<string>();
        var after = new List<string>();
        var previous = -1;
        foreach (var i in shown)
        {
            if (previous >= 0 && i > previous + 1)
            {
                before.Add("     | ...");
                after.Add("     | ...");
            }
            previous = i;
            var text = excerpt.Lines[i];
            before.Add(Numbered(excerpt.FirstLine + i, text));
            after.Add(Numbered(excerpt.FirstLine + i, i == call ? rewritten : i == signature ? AsyncSignature(text, method) : text));
        }
        return new Rewritten(before, after);
    }

    /// <summary>The blocking line rewritten to await, or null when its shape is not one this knows. In Razor markup
    /// (<paramref name="razor"/>) an implicit expression <c>@Model.Load().Result</c> becomes <c>@await Model.Load()</c>:
    /// <c>await</c> before the <c>@</c> would be text on the page.</summary>
    public static string? RewriteCall(string line, BlockingKind kind, string api, bool razor = false)
    {
        switch (kind)
        {
            case BlockingKind.SyncOverAsync:
                if (line.Contains("Task.WaitAll(", StringComparison.Ordinal))
                {
                    return line.Replace("Task.WaitAll(", "await Task.WhenAll(", StringComparison.Ordinal);
                }
                if (line.Contains("Task.WaitAny(", StringComparison.Ordinal))
                {
                    return line.Replace("Task.WaitAny(", "await Task.WhenAny(", StringComparison.Ordinal);
                }
                return AwaitSuffix(line, ".GetAwaiter().GetResult()", "", razor)
                    ?? AwaitSuffix(line, ".Wait()", "", razor)
                    ?? AwaitResult(line, razor);
            case BlockingKind.Sleep:
                return line.Contains("Thread.Sleep(", StringComparison.Ordinal)
                    ? line.Replace("Thread.Sleep(", "await Task.Delay(", StringComparison.Ordinal)
                    : null;
            case BlockingKind.SyncIO:
            case BlockingKind.SyncWait:
                var member = Member(api);
                return member is null ? null : AwaitSuffix(line, "." + member + "(", "." + member + "Async(", razor);
            default:
                return null;
        }
    }

    /// <summary>The signature line made async: <c>void</c> → <c>async Task</c>, <c>T</c> → <c>async Task&lt;T&gt;</c>.</summary>
    public static string AsyncSignature(string line, string method)
    {
        if (Regex.IsMatch(line, @"\basync\b"))
        {
            return line;
        }
        var match = Regex.Match(line, @"^(?<mods>\s*(?:(?:public|private|protected|internal|static|virtual|override|sealed|new|unsafe|extern)\s+)*)(?<type>[\w.<>\[\],?]+(?:<[^()]*>)?\??)\s+" + Regex.Escape(method) + @"\s*[(<]");
        if (!match.Success)
        {
            return line;
        }
        var type = match.Groups["type"].Value;
        var asyncType = type switch
        {
            "void" => "async Task",
            _ when type.StartsWith("Task", StringComparison.Ordinal) || type.StartsWith("ValueTask", StringComparison.Ordinal) => "async " + type,
            _ => $"async Task<{type}>",
        };
        var at = match.Groups["type"].Index;
        return line[..at] + asyncType + line[(at + type.Length)..];
    }

    private static int FindSignature(IReadOnlyList<string> lines, int call, string method)
    {
        for (var i = call; i >= 0; i--)
        {
            var line = lines[i];
            if (Regex.IsMatch(line, @"[\w>\]?]\s+" + Regex.Escape(method) + @"\s*[(<]") && !line.TrimEnd().EndsWith(';') && !line.Contains(" = ", StringComparison.Ordinal))
            {
                return i;
            }
        }
        return -1;
    }

    private static IEnumerable<int> Shown(int signature, int call, int count)
    {
        var from = signature >= 0 && call - signature <= MaxGap ? signature : Math.Max(0, call - 2);
        if (signature >= 0 && signature < from)
        {
            yield return signature;
        }
        for (var i = from; i <= Math.Min(count - 1, call + 1); i++)
        {
            yield return i;
        }
    }

    private static string Numbered(int line, string text) => $"{line,4} | {text}";

    // "x.Result" (not "x.ResultCount"): await the expression before it.
    private static string? AwaitResult(string line, bool razor)
    {
        foreach (Match m in ResultAccess().Matches(line))
        {
            return AwaitAt(line, m.Index, m.Length, "", razor);
        }
        return null;
    }

    private static string? AwaitSuffix(string line, string suffix, string replacement, bool razor)
    {
        var at = line.IndexOf(suffix, StringComparison.Ordinal);
        return at < 0 ? null : AwaitAt(line, at, suffix.Length, replacement, razor);
    }

    private static bool IsRazor(string file) =>
        file.EndsWith(".cshtml", StringComparison.OrdinalIgnoreCase) || file.EndsWith(".razor", StringComparison.OrdinalIgnoreCase);

    /// <summary>Puts <c>await</c> before the expression that ends at <paramref name="at"/>, replacing the blocking
    /// suffix; when the line goes on to use the result (<c>.Name</c>), the awaited expression is parenthesised.</summary>
    private static string? AwaitAt(string line, int at, int length, string replacement, bool razor)
    {
        var start = ExpressionStart(line, at);
        if (start >= at)
        {
            return null;
        }
        var expression = line[start..at] + replacement;
        var rest = line[(at + length)..];
        if (razor && line[start] == '@')
        {
            // A Razor implicit expression ends where its chain does: one that goes on (".Name") would need
            // "@((await x).Name)", which is no longer a mechanical rewrite.
            var continuing = rest.Length > 0 && rest[0] is '.' or '[' or '(';
            return continuing ? null : line[..start] + "@await " + expression[1..] + rest;
        }
        if (replacement.EndsWith('('))
        {
            // "cmd.ExecuteNonQuery(args)..." : the call's arguments follow the replaced "Name(".
            return line[..start] + "await " + expression + rest;
        }
        var continues = rest.Length > 0 && rest[0] is '.' or '[';
        return line[..start] + (continues ? "(await " + expression + ")" : "await " + expression) + rest;
    }

    private static int ExpressionStart(string line, int end)
    {
        var depth = 0;
        var j = end - 1;
        for (; j >= 0; j--)
        {
            var ch = line[j];
            if (ch is ')' or ']' or '>')
            {
                // A chain goes on after ')' only with '.', '(', '[', '?' or '!': "(RedisValue[]?)database.ScriptEvaluate("
                // is a cast before the expression, and awaiting the cast would cast the task, not its result.
                if (depth == 0 && j + 1 < end && (char.IsLetterOrDigit(line[j + 1]) || line[j + 1] is '_' or '@'))
                {
                    break;
                }
                depth++;
            }
            else if (ch is '(' or '[' or '<')
            {
                if (depth == 0)
                {
                    break;
                }
                depth--;
            }
            else if (depth == 0 && !(char.IsLetterOrDigit(ch) || ch is '_' or '.' or '?' or '!' or '@'))
            {
                break;
            }
        }
        var start = j + 1;
        // "new Foo().Bar()": the keyword belongs to the expression.
        if (start >= 4 && line[(start - 4)..start] == "new ")
        {
            start -= 4;
        }
        return start;
    }

    // "NpgsqlCommand.ExecuteNonQuery" → "ExecuteNonQuery"; "SemaphoreSlim.Wait" → "Wait".
    private static string? Member(string api)
    {
        var clean = MethodNames.WithoutArguments(api);
        var last = clean[(clean.LastIndexOf('.') + 1)..];
        return MethodNames.IsIdentifier(last) ? last : null;
    }

    [GeneratedRegex(@"\.Result\b(?!\s*=[^=])")]
    private static partial Regex ResultAccess();
}
