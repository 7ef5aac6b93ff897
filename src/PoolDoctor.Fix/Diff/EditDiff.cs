using System.Text;

namespace PoolDoctor.Fix.Diff;

/// <summary>
/// The diff of several <see cref="FileEdit"/>s (the rewrite's files and the stop-gap's): each file's label as `#` lines
/// before it (`git apply` and `patch` skip text between files), then its diff — a created file against /dev/null, any
/// other through the rewrite's line diff (<see cref="UnifiedDiff"/>). Paths relative to a root.
/// </summary>
public static class EditDiff
{
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
            if (edit.Before is null)
            {
                var lines = edit.After.Replace("\r\n", "\n", StringComparison.Ordinal).TrimEnd('\n').Split('\n');
                text.Append("--- /dev/null\n").Append($"+++ b/{path}\n").Append($"@@ -0,0 +1{(lines.Length == 1 ? "" : $",{lines.Length}")} @@\n");
                foreach (var line in lines)
                {
                    text.Append('+').Append(line).Append('\n');
                }
            }
            else
            {
                text.Append(UnifiedDiff.Of(path, edit.Before, edit.After));
            }
        }
        return text.ToString();
    }
}
