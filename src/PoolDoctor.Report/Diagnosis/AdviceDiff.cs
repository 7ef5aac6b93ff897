using System.Globalization;
using System.Text.RegularExpressions;
using DiffPlex.DiffBuilder;
using DiffPlex.DiffBuilder.Model;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// A fix's before/after snippets as one unified diff, the form `fix` prints: ` ` a line kept, `-` the old line, `+` the
/// new one, three lines of context around the changes, under a `@@ -a,n +b,m @@` header with the file's own line
/// numbers when the snippets are the user's numbered lines (`  29 |     var customer = …`). The line diff is DiffPlex's.
/// </summary>
internal static partial class AdviceDiff
{
    private const int Context = 3;

    /// <summary>One line of the diff: its mark (' ', '-', '+') and its text without the snippet's line number.</summary>
    public readonly record struct Line(char Mark, string Text);

    /// <summary>The hunk header and the lines, or null when the snippets do not differ.</summary>
    public static (string Header, IReadOnlyList<Line> Lines)? Of(string before, string after)
    {
        var (oldLines, oldFirst) = Unnumbered(before);
        var (newLines, newFirst) = Unnumbered(after);
        var model = InlineDiffBuilder.Diff(string.Join('\n', oldLines), string.Join('\n', newLines), ignoreWhiteSpace: false, ignoreCase: false);
        var all = new List<Line>();
        foreach (var piece in model.Lines)
        {
            var mark = piece.Type switch
            {
                ChangeType.Deleted => '-',
                ChangeType.Inserted => '+',
                ChangeType.Unchanged => ' ',
                _ => (char?)null,
            };
            if (mark is { } m)
            {
                all.Add(new Line(m, piece.Text ?? ""));
            }
        }
        var changed = all.Select((l, i) => (l, i)).Where(x => x.l.Mark != ' ').Select(x => x.i).ToList();
        if (changed.Count == 0)
        {
            return null;
        }
        var from = Math.Max(0, changed[0] - Context);
        var to = Math.Min(all.Count, changed[^1] + Context + 1);
        var shown = all.GetRange(from, to - from);
        // Numbers of the first shown line: the lines before it that each side kept.
        var oldStart = oldFirst + all.Take(from).Count(l => l.Mark != '+');
        var newStart = newFirst + all.Take(from).Count(l => l.Mark != '-');
        var header = $"@@ -{Range(oldStart, shown.Count(l => l.Mark != '+'))} +{Range(newStart, shown.Count(l => l.Mark != '-'))} @@";
        return (header, shown);
    }

    private static string Range(int start, int count) =>
        count == 1 ? start.ToString(CultureInfo.InvariantCulture) : $"{start.ToString(CultureInfo.InvariantCulture)},{count.ToString(CultureInfo.InvariantCulture)}";

    // The advice numbers the user's own lines ("  27 |     public string TaskWait()"); a pattern has no numbers and starts at 1.
    private static (IReadOnlyList<string> Lines, int First) Unnumbered(string snippet)
    {
        var lines = snippet.Replace("\r\n", "\n", StringComparison.Ordinal).TrimEnd('\n').Split('\n');
        var matches = lines.Select(l => Numbered().Match(l)).ToList();
        if (matches.All(m => m.Success))
        {
            return ([.. matches.Select(m => m.Groups["text"].Value)], int.Parse(matches[0].Groups["n"].Value, CultureInfo.InvariantCulture));
        }
        return (lines, 1);
    }

    [GeneratedRegex(@"^\s*(?<n>\d+) \| ?(?<text>.*)$")]
    private static partial Regex Numbered();
}
