using System.Text;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// ClrMD spells instantiated generic types C#-style (<c>Task&lt;System.Int32&gt;</c>), TraceEvent's TraceLog with
/// arity and brackets (<c>Task`1[System.Int32]</c>). Frames from a dump are written the TraceLog way so the same
/// cleaning and recognition apply. The compiler's own angle brackets (<c>&lt;Main&gt;d__0</c>, <c>&lt;&gt;c</c>) follow a
/// separator and are kept; a generic argument list follows an identifier character.
/// </summary>
internal static class DumpFrameNames
{
    public static string Method(string? typeName, string? methodName)
    {
        var type = string.IsNullOrEmpty(typeName) ? "?" : TraceLogSpelling(typeName);
        return type + "." + (string.IsNullOrEmpty(methodName) ? "?" : methodName);
    }

    internal static string TraceLogSpelling(string name)
    {
        if (name.IndexOf('<', StringComparison.Ordinal) < 0)
        {
            return name;
        }
        var result = new StringBuilder(name.Length);
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (c == '<' && i > 0 && IsIdentifierChar(name[i - 1]))
            {
                var close = Close(name, i);
                var arguments = name[(i + 1)..close];
                result.Append('`').Append(Arity(arguments)).Append('[').Append(TraceLogSpelling(arguments)).Append(']');
                i = close;
                continue;
            }
            result.Append(c);
        }
        return result.ToString();
    }

    private static bool IsIdentifierChar(char c) => char.IsLetterOrDigit(c) || c == '_';

    private static int Close(string text, int open)
    {
        var depth = 0;
        for (var i = open; i < text.Length; i++)
        {
            if (text[i] == '<')
            {
                depth++;
            }
            else if (text[i] == '>' && --depth == 0)
            {
                return i;
            }
        }
        return text.Length - 1;
    }

    // Top-level commas count the arguments; nested lists' commas do not.
    private static int Arity(string arguments)
    {
        int depth = 0, count = 1;
        foreach (var c in arguments)
        {
            depth += c switch { '<' or '[' => 1, '>' or ']' => -1, _ => 0 };
            if (c == ',' && depth == 0)
            {
                count++;
            }
        }
        return count;
    }
}
