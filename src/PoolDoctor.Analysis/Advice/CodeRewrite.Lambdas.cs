using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// A blocking call inside a block lambda of the reported method (inline middleware, <c>branch.Use((context, next) =>
/// { … })</c>): the function made async is the lambda, as `fix` makes it, not the method around it. On text alone the
/// lambda is the nearest <c>{</c> still open at the call whose line (or the line before it) ends in <c>=&gt;</c>.
/// </summary>
public static partial class CodeRewrite
{
    /// <summary>The line of the lambda whose block holds the call, between the signature and the call; -1 when none.</summary>
    private static int EnclosingBlockLambda(IReadOnlyList<string> lines, int signature, int call)
    {
        var depth = 0;
        for (var i = call - 1; i > signature; i--)
        {
            var line = WithoutLiterals(lines[i]);
            for (var k = line.Length - 1; k >= 0; k--)
            {
                if (line[k] == '}')
                {
                    depth++;
                }
                else if (line[k] == '{' && depth > 0)
                {
                    depth--;
                }
                else if (line[k] == '{')
                {
                    // An open block: a lambda's when `=>` comes right before it, else an if/for/using body (go on up).
                    var before = line[..k].TrimEnd();
                    if (before.EndsWith("=>", StringComparison.Ordinal))
                    {
                        return i;
                    }
                    if (before.Length == 0 && i - 1 > signature && WithoutLiterals(lines[i - 1]).TrimEnd().EndsWith("=>", StringComparison.Ordinal))
                    {
                        return i - 1;
                    }
                }
            }
        }
        return -1;
    }

    /// <summary>The lambda's line with <c>async</c> before its parameters (its last <c>=&gt;</c> opens the block); null
    /// when the parameters are not on that line as a list or one name.</summary>
    private static string? AsyncLambdaLine(string line) => AsyncLambdaAt(line, WithoutLiterals(line).LastIndexOf("=>", StringComparison.Ordinal));

    /// <summary>
    /// A call on the line of an expression lambda that holds it (<c>app.MapGet("/x", (int id, Store s) => s.LoadAsync(id).Result)</c>):
    /// the rewritten line with that lambda made async; null when no lambda's <c>=&gt;</c> comes before the awaited expression.
    /// </summary>
    private static string? InExpressionLambda(string rewritten)
    {
        var text = WithoutLiterals(rewritten);
        var awaited = text.IndexOf("await ", StringComparison.Ordinal);
        var arrow = awaited < 0 ? -1 : text.LastIndexOf("=>", awaited, StringComparison.Ordinal);
        return arrow < 0 ? null : AsyncLambdaAt(rewritten, arrow);
    }

    private static string? AsyncLambdaAt(string line, int arrow)
    {
        var text = WithoutLiterals(line);
        if (arrow < 0)
        {
            return null;
        }
        var end = arrow - 1;
        while (end >= 0 && char.IsWhiteSpace(text[end]))
        {
            end--;
        }
        int start;
        if (end >= 0 && text[end] == ')')
        {
            var depth = 0;
            start = end;
            for (; start >= 0; start--)
            {
                depth += text[start] == ')' ? 1 : text[start] == '(' ? -1 : 0;
                if (depth == 0)
                {
                    break;
                }
            }
            if (start < 0)
            {
                return null;
            }
        }
        else
        {
            start = end + 1;
            while (start > 0 && (char.IsLetterOrDigit(text[start - 1]) || text[start - 1] == '_'))
            {
                start--;
            }
            if (start > end)
            {
                return null;
            }
        }
        // A lambda is an argument, a value assigned or returned: anything else before its parameters (a method's name, an
        // expression-bodied member's signature) is not one.
        var head = text[..start].TrimEnd();
        if (head.EndsWith("async", StringComparison.Ordinal) || head.EndsWith("static", StringComparison.Ordinal) && head[..^"static".Length].TrimEnd().EndsWith("async", StringComparison.Ordinal))
        {
            return line;
        }
        return head.Length > 0 && (head[^1] is '(' or ',' or '=' || head.EndsWith("return", StringComparison.Ordinal) || head.EndsWith("static", StringComparison.Ordinal))
            ? line[..start] + "async " + line[start..]
            : null;
    }

    // The lambda's line made async and the call awaited; the method around it keeps its signature. What the lambda
    // returns after the call is not shown: whether it returns a task (awaited when made async) the text does not say.
    private static Rewritten? InLambda(SourceExcerpt excerpt, int lambda, int call, string? asyncLambda, string rewritten)
    {
        if (asyncLambda is null)
        {
            return null;
        }
        var last = call + 1 < excerpt.Lines.Count && !excerpt.Lines[call + 1].TrimStart().StartsWith("return", StringComparison.Ordinal) ? call + 1 : call;
        var before = new List<string>();
        var after = new List<string>();
        var previous = -1;
        foreach (var i in Shown(lambda, call, excerpt.Lines.Count).Where(i => i <= last))
        {
            if (previous >= 0 && i > previous + 1)
            {
                before.Add("     | ...");
                after.Add("     | ...");
            }
            previous = i;
            before.Add(Numbered(excerpt.FirstLine + i, excerpt.Lines[i]));
            after.Add(Numbered(excerpt.FirstLine + i, i == lambda ? asyncLambda : i == call ? rewritten : excerpt.Lines[i]));
        }
        return new Rewritten(before, after);
    }

    // Braces and arrows inside string and char literals are not code: blanked, the length kept so indices hold.
    private static string WithoutLiterals(string line)
    {
        var chars = line.ToCharArray();
        char? quote = null;
        for (var i = 0; i < chars.Length; i++)
        {
            var c = chars[i];
            if (quote is null)
            {
                if (c is '"' or '\'')
                {
                    quote = c;
                }
                else if (c == '/' && i + 1 < chars.Length && chars[i + 1] == '/')
                {
                    for (var j = i; j < chars.Length; j++)
                    {
                        chars[j] = ' ';
                    }
                    break;
                }
                continue;
            }
            if (c == '\\' && i + 1 < chars.Length)
            {
                chars[i] = chars[i + 1] = ' ';
                i++;
                continue;
            }
            if (c == quote)
            {
                quote = null;
                continue;
            }
            chars[i] = ' ';
        }
        return new string(chars);
    }
}
