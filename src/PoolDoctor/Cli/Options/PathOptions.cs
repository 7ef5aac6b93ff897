namespace PoolDoctor.Cli;

/// <summary>
/// The checks every FILE and DIR option gets before a run starts anything (a lab, a load, an attach): a path the run
/// could never write into is a bad call, said in one line naming the option, not a failure found minutes later.
/// </summary>
internal static class PathOptions
{
    /// <summary>A file to write: not an existing directory, and its folder exists.</summary>
    /// <param name="example">A file name to suggest when a directory was given.</param>
    public static string OutputFile(string path, string option, string example)
    {
        if (Directory.Exists(path))
        {
            throw new UsageException($"{option}: '{path}' is a directory, give a file name such as {example}");
        }
        if (Path.GetDirectoryName(Path.GetFullPath(path)) is { } folder && !Directory.Exists(folder))
        {
            throw new UsageException($"{option}: the folder '{folder}' does not exist");
        }
        return path;
    }

    /// <summary>A directory to write into (created when missing): not an existing file.</summary>
    public static string OutputDirectory(string path, string option) =>
        File.Exists(path) ? throw new UsageException($"{option}: '{path}' is a file, not a directory") : path;
}
