namespace PoolDoctor.Fix.Tests;

/// <summary>
/// Whether an advice's numbered "after" lines (<c>  29 | code</c>, <c>     | ...</c> for an elision) are the patched
/// file's lines at the same places: the old and new texts are aligned line by line (longest common subsequence), so a
/// line the patch inserted above (a using) moves the numbers without breaking the match; a block the patch replaced
/// with as many lines pairs in order, one it replaced with more or fewer has no single line to compare.
/// </summary>
internal static class LineAgreement
{
    public static IReadOnlyList<string> Disagreements(string adviceAfter, string oldText, string newText)
    {
        var oldLines = Lines(oldText);
        var newLines = Lines(newText);
        var map = Align(oldLines, newLines);
        var found = new List<string>();
        foreach (var shown in adviceAfter.Split('\n'))
        {
            var bar = shown.IndexOf(" | ", StringComparison.Ordinal);
            if (bar < 0 || !int.TryParse(shown[..bar].Trim(), out var number))
            {
                continue; // "     | ...": the excerpt's elision
            }
            var advised = shown[(bar + 3)..];
            if (number < 1 || number > oldLines.Length)
            {
                found.Add($"line {number}: not in the file ({oldLines.Length} lines)");
                continue;
            }
            var patched = map[number - 1] is { } at ? newLines[at] : null;
            if (patched is null)
            {
                found.Add($"line {number}: the patch replaced it with a different number of lines; the advice has\n    {advised}");
            }
            else if (patched != advised)
            {
                found.Add($"line {number}:\n  advice: {advised}\n  patch:  {patched}");
            }
        }
        return found;
    }

    private static string[] Lines(string text) => text.ReplaceLineEndings("\n").Split('\n');

    // For each old line, the index of the new line at its place (null when its block changed size).
    private static int?[] Align(string[] a, string[] b)
    {
        var lcs = new int[a.Length + 1, b.Length + 1];
        for (var i = a.Length - 1; i >= 0; i--)
        {
            for (var j = b.Length - 1; j >= 0; j--)
            {
                lcs[i, j] = a[i] == b[j] ? lcs[i + 1, j + 1] + 1 : Math.Max(lcs[i + 1, j], lcs[i, j + 1]);
            }
        }
        var map = new int?[a.Length];
        int x = 0, y = 0;
        while (x < a.Length || y < b.Length)
        {
            if (x < a.Length && y < b.Length && a[x] == b[y])
            {
                map[x++] = y++;
                continue;
            }
            // A changed block: old lines x..x2, new lines y..y2, up to the next common line.
            int x2 = x, y2 = y;
            while (x2 < a.Length || y2 < b.Length)
            {
                if (x2 < a.Length && y2 < b.Length && a[x2] == b[y2] && lcs[x2, y2] == lcs[x2 + 1, y2 + 1] + 1)
                {
                    break;
                }
                if (y2 < b.Length && (x2 >= a.Length || lcs[x2, y2 + 1] >= lcs[x2 + 1, y2]))
                {
                    y2++;
                }
                else
                {
                    x2++;
                }
            }
            for (var k = 0; k < x2 - x; k++)
            {
                map[x + k] = x2 - x == y2 - y ? y + k : null;
            }
            (x, y) = (x2, y2);
        }
        return map;
    }
}
