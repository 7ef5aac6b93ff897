using System.Text.RegularExpressions;
using PoolDoctor.Analysis.Rewrite;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// Rewrites the user's own blocking line the way `fix` patches it, on the text alone (`diagnose` does not load
/// Roslyn): which call becomes which awaited twin and what the signature becomes are <see cref="AsyncRewriteRules"/>,
/// the rules `fix` consults too, so the advice's "after" is the patch's line (the agreement test in
/// PoolDoctor.Fix.Tests holds them to it). Only what can be rewritten mechanically is; anything else gives null,
/// never a guess.
/// </summary>
public static partial class CodeRewrite
{
    /// <summary>Numbered lines (<c>  29 | code</c>) before and after.</summary>
    public sealed record Rewritten(IReadOnlyList<string> Before, IReadOnlyList<string> After);

    // Lines between the signature and the call beyond which the excerpt elides the middle.
    private const int MaxGap = 6;

    /// <param name="type">The culprit's type as the report names it (<c>RateCardViewComponent</c>), when known: a view
    /// component's Invoke is renamed when made async.</param>
    public static Rewritten? Rewrite(SourceExcerpt excerpt, BlockingKind kind, string api, string method, string? type = null)
    {
        var call = excerpt.CallLine - excerpt.FirstLine;
        if (call < 0 || call >= excerpt.Lines.Count)
        {
            return null;
        }
        var signature = FindSignature(excerpt.Lines, call, method);
        var token = signature >= 0 ? TokenParameter(excerpt.Lines[signature]) : null;
        // A call whose arguments go on below (`connection.Query<Row>(` … `new { id }).ToList();`) is rewritten whole, as
        // the patch rewrites its node: its lines joined, rewritten as one text, and split again.
        var end = CallEnd(excerpt.Lines, call);
        var razor = IsRazor(excerpt.File);
        if (RewriteCall(string.Join("\n", excerpt.Lines.Skip(call).Take(end - call + 1)), kind, api, razor, token) is not { } whole
            || whole.Split('\n') is not { } parts || parts.Length != end - call + 1)
        {
            return null;
        }
        var rewritten = parts[0];
        // The function made async is the innermost one around the call: an expression lambda on its line, a block
        // lambda above it, else the method (the agreement test holds this to the patch's choice).
        if (signature != call && InExpressionLambda(rewritten) is { } inline)
        {
            return end == call ? InLambda(excerpt, call, call, inline, inline) : null;
        }
        if (EnclosingBlockLambda(excerpt.Lines, signature, call) is var lambda and >= 0)
        {
            return end == call ? InLambda(excerpt, lambda, call, AsyncLambdaLine(excerpt.Lines[lambda]), rewritten) : null;
        }
        var viewComponent = type is not null && InViewComponent(type, excerpt.Lines, signature);
        // A Task-returning method that was not async: made async, its returns are awaited (or unwrapped) too.
        var taskResult = signature >= 0 && !Regex.IsMatch(excerpt.Lines[signature], @"\basync\b") && SignatureType(excerpt.Lines[signature], method) is { } declared
            && AsyncRewriteRules.IsTaskLike(declared) ? declared : null;
        var shown = Shown(signature, call, excerpt.Lines.Count, end);
        var functionEnd = signature >= 0 ? FunctionEnd(excerpt.Lines, signature) : -1;
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
            // The other blocking calls of the function the rules await with the culprit's (AsyncRewriteRules.AwaitedBeside).
            var line = i > signature && i <= functionEnd && (i < call || i > end) && kind != BlockingKind.Lock ? AwaitedBeside(excerpt.Lines, signature, i, razor, token) ?? text : text;
            var changed = i == signature ? AsyncSignature(i == call ? rewritten : text, method, viewComponent)
                : i >= call && i <= end ? parts[i - call]
                : taskResult is not null && i > signature ? AwaitedReturn(line, taskResult) ?? line
                : line;
            after.Add(Numbered(excerpt.FirstLine + i, changed));
        }
        return new Rewritten(before, after);
    }

    /// <summary>The blocking line rewritten to await, or null when its shape is not one this knows. In Razor markup
    /// (<paramref name="razor"/>) an implicit expression awaits after its <c>@</c> (<see cref="AsyncRewriteRules.RazorAwait"/>).
    /// <paramref name="token"/> is the cancellation token the enclosing method has in scope, which the twins that take
    /// one are given, as the patch gives it.</summary>
    public static string? RewriteCall(string line, BlockingKind kind, string api, bool razor = false, string? token = null)
    {
        switch (kind)
        {
            case BlockingKind.SyncOverAsync:
                foreach (var twin in AsyncRewriteRules.StaticTwins.Where(t => t.Type == "Task"))
                {
                    if (line.Contains(twin.Type + "." + twin.Member + "(", StringComparison.Ordinal))
                    {
                        // WaitAny's value is an index, WhenAny's a task: only a statement of its own is mechanical.
                        return twin.Member == "WaitAny" && !line.TrimStart().StartsWith(twin.Type + "." + twin.Member + "(", StringComparison.Ordinal)
                            ? null
                            : StaticCall(line, twin, null);
                    }
                }
                return AwaitSuffix(line, ".GetAwaiter().GetResult()", "", razor)
                    ?? AwaitSuffix(line, ".Wait()", "", razor)
                    ?? (token is null ? null : AwaitSuffix(line, ".Wait(" + token + ")", "." + AsyncRewriteRules.WaitWithTokenTwin + "(" + token + ")", razor))
                    ?? AwaitResult(line, razor);
            case BlockingKind.Sleep:
                return AsyncRewriteRules.StaticTwinOf("Thread", "Sleep") is { } sleep && line.Contains("Thread.Sleep(", StringComparison.Ordinal)
                    ? StaticCall(line, sleep, token)
                    : null;
            case BlockingKind.SyncIO:
            case BlockingKind.SyncWait:
                var member = Member(api);
                if (member is null)
                {
                    return null;
                }
                return StreamArrayCall(line, api, member, razor) ?? AwaitMemberCall(line, member, razor);
            default:
                return null;
        }
    }

    /// <summary>The signature line made async: the result type as <see cref="AsyncRewriteRules.AsyncResultType"/> says,
    /// and the name as <see cref="AsyncRewriteRules.AsyncName"/> says (a view component's Invoke).</summary>
    public static string AsyncSignature(string line, string method, bool inViewComponent = false)
    {
        if (Regex.IsMatch(line, @"\basync\b"))
        {
            return line;
        }
        if (method == AsyncRewriteRules.SyncActionFilterMethod && ActionFilter().Match(line) is { Success: true } filter)
        {
            return filter.Groups["indent"].Value + AsyncRewriteRules.AsyncActionFilterSignature(filter.Groups["override"].Success, filter.Groups["context"].Value) + filter.Groups["rest"].Value;
        }
        var match = Signature(line, method);
        if (!match.Success)
        {
            return line;
        }
        var type = match.Groups["type"].Value;
        var name = match.Groups["name"];
        var renamed = AsyncRewriteRules.AsyncName(method, inViewComponent) is { } newName
            ? line[..name.Index] + newName + line[(name.Index + name.Length)..]
            : line;
        var at = match.Groups["type"].Index;
        return renamed[..at] + "async " + AsyncRewriteRules.AsyncResultType(type) + renamed[(at + type.Length)..];
    }

    private static Match Signature(string line, string method) =>
        Regex.Match(line, @"^(?<mods>\s*(?:(?:public|private|protected|internal|static|virtual|override|sealed|new|unsafe|extern)\s+)*)(?<type>[\w.<>\[\],?]+(?:<[^()]*>)?\??)\s+(?<name>" + Regex.Escape(method) + @")\s*[(<]");

    private static string? SignatureType(string line, string method) => Signature(line, method) is { Success: true } m ? m.Groups["type"].Value : null;

    // "return Task.FromResult(x);" → "return x;", "return Task.CompletedTask;" → "return;", "return task;" → "return await task;"
    // (a Task<T> or ValueTask<T>); a plain Task's "return task;" becomes two statements, not one line: left as it is.
    private static string? AwaitedReturn(string line, string resultType)
    {
        var match = Regex.Match(line, @"^(?<indent>\s*)return\s+(?<value>.+?);(?<tail>\s*)$");
        if (!match.Success)
        {
            return null;
        }
        var (indent, value, tail) = (match.Groups["indent"].Value, match.Groups["value"].Value.Trim(), match.Groups["tail"].Value);
        var generic = resultType.Contains('<', StringComparison.Ordinal);
        if (AsyncRewriteRules.TaskTypes.Any(t => value == t + "." + AsyncRewriteRules.CompletedTask))
        {
            return indent + "return;" + tail;
        }
        if (Unwrapped(value) is { } plain)
        {
            return generic ? indent + "return " + plain + ";" + tail : indent + "return;" + tail;
        }
        return generic ? indent + "return await " + value + ";" + tail : null;
    }

    // "Task.FromResult<T>(x)", "ValueTask.FromResult(x)", "new ValueTask<T>(x)" → "x".
    private static string? Unwrapped(string value)
    {
        var wrapper = AsyncRewriteRules.TaskTypes.Select(t => Regex.Match(value, "^" + t + @"\." + AsyncRewriteRules.FromResult + @"(?:<[^()]*>)?\(")).FirstOrDefault(m => m.Success)
            ?? Regex.Match(value, @"^new ValueTask<[^()]*>\(");
        if (!wrapper.Success || ClosingParen(value, wrapper.Length - 1) != value.Length - 1)
        {
            return null;
        }
        var inner = value[wrapper.Length..^1].Trim();
        return inner.Length == 0 || TopLevelArguments(inner).Count != 1 ? null : inner;
    }

    // The class around the method, as far as the excerpt shows it: named *ViewComponent, deriving from ViewComponent or
    // marked [ViewComponent].
    private static bool InViewComponent(string type, IReadOnlyList<string> lines, int signature)
    {
        var above = lines.Take(Math.Max(0, signature)).ToList();
        var bases = above.Select(l => ClassBase().Match(l)).Where(m => m.Success).SelectMany(m => m.Groups["bases"].Value.Split(',', StringSplitOptions.TrimEntries));
        var attributes = above.Select(l => l.Trim()).Where(l => l.StartsWith('[')).Select(l => l.Trim('[', ']').Split('(')[0]);
        return AsyncRewriteRules.IsViewComponent(type, bases, attributes);
    }

    // The token a signature's parameters put in scope, by the rules' order: a CancellationToken, the request's, a gRPC call's.
    private static string? TokenParameter(string signature)
    {
        foreach (var source in AsyncRewriteRules.TokenSources)
        {
            var shortType = source.Type[(source.Type.LastIndexOf('.') + 1)..];
            var match = Regex.Match(signature, @"[(,]\s*(?:global::)?(?:[\w.]+\.)?" + shortType + @"\s+(?<name>\w+)\s*[,)=]");
            if (match.Success)
            {
                return source.Member is null ? match.Groups["name"].Value : match.Groups["name"].Value + "." + source.Member;
            }
        }
        return null;
    }

    // "Thread.Sleep(n)" → "await Task.Delay(n, token)": the twin's call with the same arguments, and the token last when it takes one.
    private static string? StaticCall(string line, AsyncRewriteRules.StaticTwin twin, string? token)
    {
        var blocking = twin.Type + "." + twin.Member + "(";
        var at = line.IndexOf(blocking, StringComparison.Ordinal);
        var close = ClosingParen(line, at + blocking.Length - 1);
        if (close < 0)
        {
            // The arguments go on below: the call is renamed where it starts; a token would go where it ends.
            return token is not null && AsyncRewriteRules.TakesToken(twin) ? null : line[..at] + "await " + twin.TwinType + "." + twin.TwinMember + "(" + line[(at + blocking.Length)..];
        }
        var arguments = line[(at + blocking.Length)..close];
        if (token is not null && AsyncRewriteRules.TakesToken(twin))
        {
            arguments = arguments.Length == 0 ? token : arguments + ", " + token;
        }
        return line[..at] + "await " + twin.TwinType + "." + twin.TwinMember + "(" + arguments + line[close..];
    }

    // "file.Read(buffer, offset, count)" on a stream → "await file.ReadAsync(buffer.AsMemory(offset, count))".
    private static string? StreamArrayCall(string line, string api, string member, bool razor)
    {
        var clean = MethodNames.WithoutArguments(api);
        var type = clean.LastIndexOf('.') is var dot and > 0 ? clean[..dot] : "";
        var call = "." + member + "(";
        var at = line.IndexOf(call, StringComparison.Ordinal);
        var close = at < 0 ? -1 : ClosingParen(line, at + call.Length - 1);
        if (close < 0)
        {
            return null;
        }
        var arguments = TopLevelArguments(line[(at + call.Length)..close]);
        if (!AsyncRewriteRules.IsStreamArrayCall(type, member, arguments.Count) || arguments.Any(a => a.Contains(':', StringComparison.Ordinal)))
        {
            return null;
        }
        var twin = "." + AsyncRewriteRules.TwinName(member) + "(" + AsyncRewriteRules.StreamArrayArgument(arguments[0], arguments[1], arguments[2]) + ")";
        return AwaitAt(line, at, close + 1 - at, twin, razor);
    }

    private static int ClosingParen(string line, int open)
    {
        var depth = 0;
        for (var i = open; i < line.Length; i++)
        {
            depth += line[i] == '(' ? 1 : line[i] == ')' ? -1 : 0;
            if (depth == 0)
            {
                return i;
            }
        }
        return -1;
    }

    private static List<string> TopLevelArguments(string text)
    {
        var arguments = new List<string>();
        var depth = 0;
        var start = 0;
        for (var i = 0; i < text.Length; i++)
        {
            depth += text[i] is '(' or '[' or '<' ? 1 : text[i] is ')' or ']' or '>' ? -1 : 0;
            if (text[i] == ',' && depth == 0)
            {
                arguments.Add(text[start..i].Trim());
                start = i + 1;
            }
        }
        if (text.Trim().Length > 0)
        {
            arguments.Add(text[start..].Trim());
        }
        return arguments;
    }

    private static int FindSignature(IReadOnlyList<string> lines, int call, string method)
    {
        for (var i = call; i >= 0; i--)
        {
            var line = lines[i];
            if (Regex.IsMatch(line, @"[\w>\]?]\s+" + Regex.Escape(method) + @"\s*[(<]") && (!line.TrimEnd().EndsWith(';') || line.Contains("=>", StringComparison.Ordinal)) && !line.Contains(" = ", StringComparison.Ordinal))
            {
                return i;
            }
        }
        return -1;
    }

    private static IEnumerable<int> Shown(int signature, int call, int count, int end = -1)
    {
        var from = signature >= 0 && call - signature <= MaxGap ? signature : Math.Max(0, call - 2);
        if (signature >= 0 && signature < from)
        {
            yield return signature;
        }
        for (var i = from; i <= Math.Min(count - 1, Math.Max(call + 1, end)); i++)
        {
            yield return i;
        }
    }

    // "x.Query(" or "x.Query<Row>(" → "await x.QueryAsync<Row>(" (parenthesised when the call's result is used on).
    private static string? AwaitMemberCall(string line, string member, bool razor)
    {
        var call = Regex.Match(line, @"\." + Regex.Escape(member) + @"(?<types><[^()]*>)?\(");
        return call.Success ? AwaitAt(line, call.Index, call.Length, "." + AsyncRewriteRules.TwinName(member) + call.Groups["types"].Value + "(", razor) : null;
    }

    /// <summary>The last line of the call that starts on <paramref name="call"/>: the line its parentheses close on (the
    /// call's own line when they close there, or when the excerpt ends first).</summary>
    private static int CallEnd(IReadOnlyList<string> lines, int call)
    {
        var depth = 0;
        for (var i = call; i < lines.Count; i++)
        {
            foreach (var c in WithoutLiterals(lines[i]))
            {
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            }
            if (depth <= 0)
            {
                return i;
            }
        }
        return call;
    }

    /// <summary>The line the function whose signature is on <paramref name="signature"/> ends on: where its body's braces
    /// close, or, with no body block, its first <c>;</c>; the excerpt's last line when it ends first.</summary>
    private static int FunctionEnd(IReadOnlyList<string> lines, int signature)
    {
        var depth = 0;
        var opened = false;
        for (var i = signature; i < lines.Count; i++)
        {
            foreach (var c in WithoutLiterals(lines[i]))
            {
                if (c == '{')
                {
                    (depth, opened) = (depth + 1, true);
                }
                else if (c == '}')
                {
                    depth--;
                }
                else if (c == ';' && !opened)
                {
                    return i;
                }
            }
            if (opened && depth <= 0)
            {
                return i;
            }
        }
        return lines.Count - 1;
    }

    /// <summary>A line of the function made async, other than the culprit's, with the blocking call the rules await
    /// beside it (<see cref="AsyncRewriteRules.AwaitedBeside"/>: a block on a task, a driver verb) awaited; null when it
    /// has none, or when the call is in a lambda of its own (a function the patch does not make async).</summary>
    private static string? AwaitedBeside(IReadOnlyList<string> lines, int signature, int index, bool razor, string? token)
    {
        var line = lines[index];
        if (WithoutLiterals(line).Contains("=>", StringComparison.Ordinal) || EnclosingBlockLambda(lines, signature, index) >= 0)
        {
            return null;
        }
        // A block on a task the text names without doubt (not .Wait(): a semaphore's looks the same).
        var onTask = line.Contains("Task.WaitAll(", StringComparison.Ordinal) || line.Contains("Task.WaitAny(", StringComparison.Ordinal)
            ? RewriteCall(line, BlockingKind.SyncOverAsync, "", razor, token)
            : AwaitSuffix(line, ".GetAwaiter().GetResult()", "", razor) ?? AwaitResult(line, razor) ?? RewriteCall(line, BlockingKind.Sleep, "", razor, token);
        if (onTask is not null)
        {
            return onTask;
        }
        foreach (Match call in MemberCall().Matches(WithoutLiterals(line)))
        {
            if (AsyncRewriteRules.AwaitedBeside(call.Groups["member"].Value, onTask: false))
            {
                return RewriteCall(line, BlockingKind.SyncIO, "DriverCall." + call.Groups["member"].Value, razor, token);
            }
        }
        return null;
    }

    [GeneratedRegex(@"\.(?<member>\w+)(?:<[^()]*>)?\(")]
    private static partial Regex MemberCall();

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
            return AsyncRewriteRules.RazorAwait(expression[1..], rest) is { } awaited ? line[..start] + awaited : null;
        }
        if (replacement.EndsWith('('))
        {
            // "cmd.ExecuteNonQuery(args)..." : the call's arguments follow the replaced "Name("; what follows the call's
            // closing parenthesis (when it is on this line) says whether the awaited call is parenthesised.
            var close = ClosingParen(line, at + length - 1);
            return close >= 0 && AsyncRewriteRules.Parenthesized(AsyncRewriteRules.PlaceBefore(line[(close + 1)..]))
                ? line[..start] + "(await " + expression + line[(at + length)..(close + 1)] + ")" + line[(close + 1)..]
                : line[..start] + "await " + expression + rest;
        }
        var continues = AsyncRewriteRules.Parenthesized(AsyncRewriteRules.PlaceBefore(rest));
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
        // "!x.Result": a logical not before the expression is not part of it ("!await x", not "await !x").
        while (start < end && line[start] == '!')
        {
            start++;
        }
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

    [GeneratedRegex(@"^(?<indent>\s*)public\s+(?<override>override\s+)?void\s+OnActionExecuting\s*\(\s*ActionExecutingContext\s+(?<context>\w+)\s*\)(?<rest>.*)$")]
    private static partial Regex ActionFilter();

    [GeneratedRegex(@"\bclass\s+\w+(?:<[^>]*>)?(?:\s*\([^)]*\))?\s*:\s*(?<bases>[^{]+)")]
    private static partial Regex ClassBase();
}
