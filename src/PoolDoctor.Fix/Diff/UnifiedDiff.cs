using System.Text;

namespace PoolDoctor.Fix.Diff;

/// <summary>
/// A unified diff of two texts, line by line (the longest common subsequence of lines, common prefix and suffix
/// trimmed first), with three lines of context, in the form `git apply` and `patch -p1` read.
/// </summary>
public static class UnifiedDiff
{
    private const int Context = 3;

    public static string Of(string path, string before, string after)
    {
        var a = Lines(before);
        var b = Lines(after);
        var edits = Script(a, b);
        if (edits.All(e => e.Kind == ' '))
        {
            return "";
        }
        var text = new StringBuilder();
        text.Append("--- a/").Append(path).Append('\n');
        text.Append("+++ b/").Append(path).Append('\n');
        foreach (var hunk in Hunks(edits))
        {
            var first = edits[hunk.Start];
            var oldCount = 0;
            var newCount = 0;
            for (var i = hunk.Start; i < hunk.End; i++)
            {
                oldCount += edits[i].Kind != '+' ? 1 : 0;
                newCount += edits[i].Kind != '-' ? 1 : 0;
            }
            text.Append("@@ -").Append(Range(first.OldLine, oldCount)).Append(" +").Append(Range(first.NewLine, newCount)).Append(" @@\n");
            for (var i = hunk.Start; i < hunk.End; i++)
            {
                text.Append(edits[i].Kind).Append(edits[i].Text).Append('\n');
            }
        }
        return text.ToString();
    }

    private static string Range(int start, int count) => count == 0 ? $"{start - 1},0" : count == 1 ? $"{start}" : $"{start},{count}";

    private static string[] Lines(string text)
    {
        var lines = text.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        return text.EndsWith('\n') ? lines[..^1] : lines;
    }

    private readonly record struct Line(char Kind, string Text, int OldLine, int NewLine);

    private static List<Line> Script(string[] a, string[] b)
    {
        var prefix = 0;
        while (prefix < a.Length && prefix < b.Length && a[prefix] == b[prefix])
        {
            prefix++;
        }
        var suffix = 0;
        while (suffix < a.Length - prefix && suffix < b.Length - prefix && a[^(suffix + 1)] == b[^(suffix + 1)])
        {
            suffix++;
        }
        var n = a.Length - prefix - suffix;
        var m = b.Length - prefix - suffix;
        var lcs = new int[n + 1, m + 1];
        for (var i = n - 1; i >= 0; i--)
        {
            for (var j = m - 1; j >= 0; j--)
            {
                lcs[i, j] = a[prefix + i] == b[prefix + j] ? lcs[i + 1, j + 1] + 1 : Math.Max(lcs[i + 1, j], lcs[i, j + 1]);
            }
        }
        var script = new List<Line>();
        for (var k = 0; k < prefix; k++)
        {
            script.Add(new Line(' ', a[k], k + 1, k + 1));
        }
        int x = 0, y = 0;
        while (x < n || y < m)
        {
            if (x < n && y < m && a[prefix + x] == b[prefix + y])
            {
                script.Add(new Line(' ', a[prefix + x], prefix + x + 1, prefix + y + 1));
                x++;
                y++;
            }
            else if (x < n && (y == m || lcs[x + 1, y] >= lcs[x, y + 1]))
            {
                script.Add(new Line('-', a[prefix + x], prefix + x + 1, prefix + y + 1));
                x++;
            }
            else
            {
                script.Add(new Line('+', b[prefix + y], prefix + x + 1, prefix + y + 1));
                y++;
            }
        }
        for (var k = 0; k < suffix; k++)
        {
            script.Add(new Line(' ', a[a.Length - suffix + k], a.Length - suffix + k + 1, b.Length - suffix + k + 1));
        }
        return script;
    }

    // Runs of changes with up to three lines of context around them; runs closer than twice that share a hunk.
    private static List<(int Start, int End)> Hunks(List<Line> script)
    {
        var hunks = new List<(int Start, int End)>();
        var i = 0;
        while (i < script.Count)
        {
            if (script[i].Kind == ' ')
            {
                i++;
                continue;
            }
            var start = Math.Max(0, i - Context);
            var end = i;
            while (end < script.Count)
            {
                if (script[end].Kind != ' ')
                {
                    end++;
                    continue;
                }
                var next = end;
                while (next < script.Count && script[next].Kind == ' ')
                {
                    next++;
                }
                if (next < script.Count && next - end <= 2 * Context)
                {
                    end = next;
                    continue;
                }
                end = Math.Min(script.Count, end + Context);
                break;
            }
            hunks.Add((start, end));
            i = end;
        }
        return hunks;
    }
}
