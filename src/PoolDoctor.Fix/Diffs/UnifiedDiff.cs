using System.Text;

namespace PoolDoctor.Fix.Diffs;

/// <summary>
/// A unified diff (`--- a/PATH`, `+++ b/PATH`, hunks with three lines of context) of whole-text edits, paths relative to
/// a root, so `git apply` or `patch -p1` in that root applies it. An edit's label is written as a `#` line before its
/// file: both tools skip text between files.
/// </summary>
public static class UnifiedDiff
{
    private const int Context = 3;

    public static string Write(IEnumerable<FileEdit> edits, string root)
    {
        var text = new StringBuilder();
        foreach (var edit in edits)
        {
            var path = Path.GetRelativePath(root, edit.Path).Replace('\\', '/');
            if (edit.Label is { } label)
            {
                foreach (var line in label.Split('\n'))
                {
                    text.Append("# ").Append(line.TrimEnd()).Append('\n');
                }
            }
            text.Append(edit.Before is null ? "--- /dev/null\n" : $"--- a/{path}\n");
            text.Append($"+++ b/{path}\n");
            AppendHunks(text, Lines(edit.Before ?? ""), Lines(edit.After));
        }
        return text.ToString();
    }

    internal static string[] Lines(string text)
    {
        if (text.Length == 0)
        {
            return [];
        }
        var lines = text.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        return text.EndsWith('\n') ? lines[..^1] : lines;
    }

    private static void AppendHunks(StringBuilder text, string[] before, string[] after)
    {
        var ops = Script(before, after);
        var i = 0;
        while (i < ops.Count)
        {
            if (ops[i].Kind == ' ')
            {
                i++;
                continue;
            }
            // A hunk: from Context lines before this change to Context lines after the last change that is at most
            // 2 × Context lines of equal text away.
            var start = Math.Max(0, i - Context);
            var end = i;
            while (true)
            {
                while (end < ops.Count && ops[end].Kind != ' ')
                {
                    end++;
                }
                var next = end;
                while (next < ops.Count && ops[next].Kind == ' ')
                {
                    next++;
                }
                if (next < ops.Count && next - end <= 2 * Context)
                {
                    end = next;
                    continue;
                }
                end = Math.Min(ops.Count, end + Context);
                break;
            }
            var oldStart = ops[start].Old;
            var newStart = ops[start].New;
            var oldCount = ops.Skip(start).Take(end - start).Count(o => o.Kind != '+');
            var newCount = ops.Skip(start).Take(end - start).Count(o => o.Kind != '-');
            text.Append($"@@ -{Range(oldStart, oldCount)} +{Range(newStart, newCount)} @@\n");
            for (var k = start; k < end; k++)
            {
                text.Append(ops[k].Kind).Append(ops[k].Text).Append('\n');
            }
            i = end;
        }
    }

    // A count of 0 names the line before the (empty) range, as diff does.
    private static string Range(int start, int count) => count == 0 ? $"{start},0" : count == 1 ? $"{start + 1}" : $"{start + 1},{count}";

    private readonly record struct Op(char Kind, string Text, int Old, int New);

    /// <summary>The edit script by longest common subsequence (files here are sources and project files: small).</summary>
    private static List<Op> Script(string[] a, string[] b)
    {
        var lcs = new int[a.Length + 1, b.Length + 1];
        for (var x = a.Length - 1; x >= 0; x--)
        {
            for (var y = b.Length - 1; y >= 0; y--)
            {
                lcs[x, y] = a[x] == b[y] ? lcs[x + 1, y + 1] + 1 : Math.Max(lcs[x + 1, y], lcs[x, y + 1]);
            }
        }
        var ops = new List<Op>();
        int i = 0, j = 0;
        while (i < a.Length || j < b.Length)
        {
            if (i < a.Length && j < b.Length && a[i] == b[j])
            {
                ops.Add(new Op(' ', a[i], i++, j++));
            }
            else if (i < a.Length && (j == b.Length || lcs[i + 1, j] >= lcs[i, j + 1]))
            {
                ops.Add(new Op('-', a[i], i++, j));
            }
            else
            {
                ops.Add(new Op('+', b[j], i, j++));
            }
        }
        return ops;
    }
}
