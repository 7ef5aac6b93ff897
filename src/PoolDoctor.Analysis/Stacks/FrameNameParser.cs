using System.Buffers;
using System.Text;
using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// Turns raw runtime method names into readable ones. Accepts the forms TraceEvent's TraceLog produces for
/// EventPipe traces (<c>System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)</c>), with or without a
/// <c>Module!</c> prefix, and plain <c>Namespace.Type+Nested.Method</c> names.
/// </summary>
public static partial class FrameNameParser
{
    /// <summary>The readable name of a frame, e.g. <c>DiagScenarioController.TaskAsyncWait (async)</c>.</summary>
    public static string Clean(StackFrame frame)
    {
        var name = Parse(frame.Method);
        if (name.Flavor != FrameFlavor.Unresolved)
        {
            return name.Display;
        }
        var address = IsAddress(frame.Method) ? frame.Method.Trim() : "?";
        return frame.Module is { Length: > 0 } module && module != "?" ? module + "!" + address : address;
    }

    /// <summary>The readable name of a raw method name (see <see cref="Clean(StackFrame)"/>).</summary>
    public static string Clean(string rawMethod) => Parse(rawMethod).Display;

    public static FrameName Parse(string rawMethod)
    {
        var text = rawMethod?.Trim() ?? "";
        text = StripModulePrefix(text);
        text = CutSignature(text);
        if (text.Length == 0 || text.StartsWith('?') || IsAddress(text))
        {
            return FrameName.Unresolved;
        }

        var (typePart, methodPart) = SplitTypeAndMethod(StripGenericArguments(text));
        var (ns, rawTypes) = SplitNamespace(DropExplicitInterface(typePart));
        return Interpret(ns, rawTypes, methodPart);
    }

    private static readonly SearchValues<char> HexDigits = SearchValues.Create("0123456789abcdefABCDEF");

    // Collectors that cannot resolve a frame write its address ("0x7f3a12c0").
    private static bool IsAddress(string text)
    {
        var trimmed = text.Trim();
        return trimmed.StartsWith("0x", StringComparison.OrdinalIgnoreCase)
            && trimmed.Length > 2
            && !trimmed.AsSpan(2).ContainsAnyExcept(HexDigits);
    }

    // "System.Private.CoreLib!System.Threading.Tasks.Task.Wait(...)": the module goes when '!' comes before any
    // bracket or parenthesis ("!!0" in signatures must stay).
    private static string StripModulePrefix(string text)
    {
        var bang = text.IndexOf('!', StringComparison.Ordinal);
        if (bang <= 0)
        {
            return text;
        }
        var firstBracket = text.IndexOfAny(['(', '[', '<']);
        return firstBracket >= 0 && firstBracket < bang ? text : text[(bang + 1)..];
    }

    private static string CutSignature(string text)
    {
        var depth = 0;
        for (var i = 0; i < text.Length; i++)
        {
            switch (text[i])
            {
                case '[':
                    depth++;
                    break;
                case ']':
                    depth--;
                    break;
                case '(' when depth == 0 && i > 0:
                    return text[..i].TrimEnd();
            }
        }
        return text;
    }

    /// <summary>
    /// Removes instantiations (<c>Task`1[System.__Canon]</c>, <c>List`1&lt;int&gt;</c>). When an instantiation is
    /// followed by a dotted name (<c>KestrelConnection`1[X].System.Threading.IThreadPoolWorkItem.Execute</c>), that
    /// is an explicit interface implementation: the interface part is dropped so the method reads <c>Execute</c>.
    /// </summary>
    private static string StripGenericArguments(string text)
    {
        var result = new StringBuilder(text.Length);
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            var opensGenericAngle = c == '<' && i > 0 && char.IsDigit(text[i - 1]) && HasArityBefore(text, i);
            if (c == '[' || opensGenericAngle)
            {
                var end = FindClose(text, i);
                i = end;
                var rest = text[(end + 1)..];
                if (rest.StartsWith('.') && rest.IndexOf('.', 1) > 0 && !rest.StartsWith("..", StringComparison.Ordinal))
                {
                    return result.Append('.').Append(rest[(rest.LastIndexOf('.') + 1)..]).ToString();
                }
                continue;
            }
            result.Append(c);
        }
        return result.ToString();
    }

    private static bool HasArityBefore(string text, int index)
    {
        var i = index - 1;
        while (i >= 0 && char.IsDigit(text[i]))
        {
            i--;
        }
        return i >= 0 && text[i] == '`';
    }

    private static int FindClose(string text, int open)
    {
        var opener = text[open];
        var closer = opener == '[' ? ']' : '>';
        var depth = 0;
        for (var i = open; i < text.Length; i++)
        {
            if (text[i] == opener)
            {
                depth++;
            }
            else if (text[i] == closer && --depth == 0)
            {
                return i;
            }
        }
        return text.Length - 1;
    }

    /// <summary>
    /// An explicit interface implementation on a non-generic type reads
    /// <c>Ns.IOQueue.System.Threading.IThreadPoolWorkItem.Execute</c>: when a root namespace starts again after the
    /// first segment and the last segment looks like an interface, the implementing type is the segment before it.
    /// </summary>
    private static string DropExplicitInterface(string typePart)
    {
        var parts = typePart.Split('.');
        if (parts.Length < 3 || !LooksLikeInterface(parts[^1]))
        {
            return typePart;
        }
        for (var k = 2; k < parts.Length - 1; k++)
        {
            if (parts[k] is "System" or "Microsoft" || parts[k] == parts[0])
            {
                return string.Join('.', parts[..k]);
            }
        }
        return typePart;
    }

    private static bool LooksLikeInterface(string segment) =>
        segment.Length > 1 && segment[0] == 'I' && char.IsUpper(segment[1]);

    private static (string TypePart, string Method) SplitTypeAndMethod(string text)
    {
        var dot = LastTopLevelDot(text);
        if (dot < 0)
        {
            return ("", text);
        }
        // ".ctor" / ".cctor": the method name itself starts with a dot.
        if (dot > 0 && text[dot - 1] == '.')
        {
            return (text[..(dot - 1)], text[dot..]);
        }
        return (text[..dot], text[(dot + 1)..]);
    }

    private static int LastTopLevelDot(string text)
    {
        var depth = 0;
        for (var i = text.Length - 1; i >= 0; i--)
        {
            switch (text[i])
            {
                case '>':
                    depth++;
                    break;
                case '<':
                    depth--;
                    break;
                case '.' when depth == 0:
                    return i;
            }
        }
        return -1;
    }

    private static (string Namespace, List<string> Types) SplitNamespace(string typePart)
    {
        if (typePart.Length == 0)
        {
            return ("", []);
        }
        var dot = LastTopLevelDot(typePart);
        var ns = dot < 0 ? "" : typePart[..dot];
        var chain = dot < 0 ? typePart : typePart[(dot + 1)..];
        return (ns, SplitTopLevel(chain, '+'));
    }

    private static List<string> SplitTopLevel(string text, char separator)
    {
        var parts = new List<string>();
        var depth = 0;
        var start = 0;
        for (var i = 0; i < text.Length; i++)
        {
            if (text[i] == '<')
            {
                depth++;
            }
            else if (text[i] == '>')
            {
                depth--;
            }
            else if (text[i] == separator && depth == 0)
            {
                parts.Add(text[start..i]);
                start = i + 1;
            }
        }
        parts.Add(text[start..]);
        return parts;
    }

    private static FrameName Interpret(string ns, List<string> rawTypes, string rawMethod)
    {
        var visibleTypes = new List<string>();
        var owner = (Method: (string?)null, Flavor: FrameFlavor.Method);
        foreach (var segment in rawTypes)
        {
            if (segment.StartsWith("<>", StringComparison.Ordinal))
            {
                continue; // closure class (<>c, <>c__DisplayClass5_0): its lambdas name their outer method
            }
            var stateMachine = StateMachineType().Match(StripArity(segment));
            if (stateMachine.Success)
            {
                owner = AsyncOf(InterpretMethodName(stateMachine.Groups["inner"].Value));
                continue;
            }
            visibleTypes.Add(CleanTypeSegment(segment));
        }

        var (method, flavor) = owner.Method is { } stateMachineOwner
            ? (stateMachineOwner, owner.Flavor)
            : InterpretMethodName(rawMethod);
        if (owner.Method is not null && rawMethod is not "MoveNext")
        {
            method = method + "." + rawMethod; // a state machine's other members (rare): keep them apart from MoveNext
        }

        var fullName = string.Join('.', rawTypes.Select(StripArity));
        if (ns.Length > 0)
        {
            fullName = fullName.Length == 0 ? ns : ns + "." + fullName;
        }
        return new FrameName(ns, visibleTypes, method, flavor, fullName);
    }

    private static (string Method, FrameFlavor Flavor) AsyncOf((string Method, FrameFlavor Flavor) inner) => inner.Flavor switch
    {
        FrameFlavor.Lambda => (inner.Method, FrameFlavor.AsyncLambda),
        FrameFlavor.LocalFunction => (inner.Method, FrameFlavor.AsyncLocalFunction),
        _ => (inner.Method, FrameFlavor.Async),
    };

    private static (string Method, FrameFlavor Flavor) InterpretMethodName(string name)
    {
        var lambda = LambdaMethod().Match(name);
        if (lambda.Success)
        {
            return (Unwrap(lambda.Groups["outer"].Value), FrameFlavor.Lambda);
        }
        var local = LocalFunction().Match(name);
        if (local.Success)
        {
            return (Unwrap(local.Groups["outer"].Value) + "." + local.Groups["local"].Value, FrameFlavor.LocalFunction);
        }
        var wrapped = WrappedName().Match(name);
        if (wrapped.Success)
        {
            return (wrapped.Groups["name"].Value, FrameFlavor.Method); // Program.<Main>$ and friends
        }
        return (name, FrameFlavor.Method);
    }

    // "<Main>$" (the top-level program's entry) reads "Main".
    private static string Unwrap(string name)
    {
        var wrapped = WrappedName().Match(name);
        return wrapped.Success ? wrapped.Groups["name"].Value : name;
    }

    private static string CleanTypeSegment(string segment)
    {
        var tick = segment.IndexOf('`', StringComparison.Ordinal);
        if (tick < 0 || !int.TryParse(segment.AsSpan(tick + 1), out var arity) || arity <= 0)
        {
            return segment;
        }
        var parameters = arity == 1 ? "T" : string.Join(',', Enumerable.Range(1, arity).Select(i => "T" + i));
        return segment[..tick] + "<" + parameters + ">";
    }

    private static string StripArity(string segment)
    {
        var tick = segment.IndexOf('`', StringComparison.Ordinal);
        return tick < 0 ? segment : segment[..tick];
    }

    // <TaskAsyncWait>d__3, <<DbTaskRun>b__0>d, <<Outer>g__Local|0_0>d__1
    [GeneratedRegex(@"^<(?<inner>.+)>d(__\d+)?$")]
    private static partial Regex StateMachineType();

    // <DbTaskRun>b__5_0, <DbTaskRun>b__0, and in top-level programs <<Main>$>b__0_1 (the outer name is itself wrapped)
    [GeneratedRegex(@"^<(?<outer>(?:[^<>]|<[^<>]*>)+)>b__[\d_]+$")]
    private static partial Regex LambdaMethod();

    // <Outer>g__Local|5_0, <<Main>$>g__Handler|0_1
    [GeneratedRegex(@"^<(?<outer>(?:[^<>]|<[^<>]*>)+)>g__(?<local>[^|]+)\|[\d_]+$")]
    private static partial Regex LocalFunction();

    // <Main>$, <Main>
    [GeneratedRegex(@"^<(?<name>[^<>]+)>\$?$")]
    private static partial Regex WrappedName();
}
