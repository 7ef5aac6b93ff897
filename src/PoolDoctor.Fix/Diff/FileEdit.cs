namespace PoolDoctor.Fix.Diff;

/// <summary>
/// One file's change: its full path, its text before (null: the file is created) and after. Edits are whole texts, so a
/// diff, an apply and a copy's patch all read the same record.
/// </summary>
/// <param name="Label">One line shown above the file's diff (why it changes), or null.</param>
public sealed record FileEdit(string Path, string? Before, string After, string? Label = null)
{
    /// <summary>Writes the new text under <paramref name="root"/> at this edit's path taken relative to <paramref name="from"/>.</summary>
    public FileEdit Rebased(string from, string root)
    {
        var relative = System.IO.Path.GetRelativePath(from, Path);
        if (relative.StartsWith("..", StringComparison.Ordinal) || System.IO.Path.IsPathRooted(relative))
        {
            throw new FixRefusedException($"{Path} lies outside the copied tree {from}");
        }
        return this with { Path = System.IO.Path.Combine(root, relative) };
    }

    /// <summary>Writes <see cref="After"/> over the file (creating it and its folder if needed).</summary>
    public void Apply()
    {
        if (System.IO.Path.GetDirectoryName(Path) is { Length: > 0 } folder)
        {
            Directory.CreateDirectory(folder);
        }
        File.WriteAllText(Path, After);
    }
}
