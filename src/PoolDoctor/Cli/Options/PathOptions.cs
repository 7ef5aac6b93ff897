using System.CommandLine;
using System.CommandLine.Parsing;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// The FILE and DIR options (`-o/--output`, `--junit`, `--reports`): typed as <see cref="FileInfo"/> or
/// <see cref="DirectoryInfo"/> and checked while parsing, before a run starts anything (a lab, a load, an attach): a
/// path the run could never write into is a bad call, said in one line naming the option, not a failure found minutes
/// later. A value keeps the path as given (<see cref="FileSystemInfo.ToString"/>), for the lines that name it.
/// </summary>
internal static class PathOptions
{
    /// <summary>A file to write.</summary>
    /// <param name="example">A file name to suggest when a directory was given.</param>
    public static Option<FileInfo?> OutputFile(string name, string[] aliases, string helpName, string description, string example) => new(name, aliases)
    {
        HelpName = helpName,
        Description = description,
        CustomParser = result => Checked(result, name, path => OutputFileProblem(path, name, example), path => new FileInfo(path)),
    };

    /// <summary>A directory to write into (created when missing).</summary>
    public static Option<DirectoryInfo?> OutputDirectory(string name, string[] aliases, string description, string? defaultPath = null)
    {
        var option = new Option<DirectoryInfo?>(name, aliases)
        {
            HelpName = "DIR",
            Description = description,
            CustomParser = result => Checked(result, name, path => OutputDirectoryProblem(path, name), path => new DirectoryInfo(path)),
        };
        if (defaultPath is not null)
        {
            // The help prints it as given: a DirectoryInfo's text is its original path.
            option.DefaultValueFactory = _ => new DirectoryInfo(defaultPath);
        }
        return option;
    }

    /// <summary>A file to write: not an existing directory, and its folder exists; else the problem, naming the option.</summary>
    public static string? OutputFileProblem(string path, string option, string example)
    {
        if (Directory.Exists(path))
        {
            return $"{option}: '{path}' is a directory, give a file name such as {example}";
        }
        if (Path.GetDirectoryName(Path.GetFullPath(path)) is { } folder && !Directory.Exists(folder))
        {
            return $"{option}: the folder '{folder}' does not exist";
        }
        return null;
    }

    /// <summary>A directory to write into: not an existing file; else the problem, naming the option.</summary>
    public static string? OutputDirectoryProblem(string path, string option) =>
        File.Exists(path) ? $"{option}: '{path}' is a file, not a directory" : null;

    private static T? Checked<T>(ArgumentResult result, string name, Func<string, string?> problem, Func<string, T> make) where T : class
    {
        if (result.Tokens.Count == 0)
        {
            return null;
        }
        var path = result.Tokens[0].Value;
        try
        {
            if (problem(path) is { } said)
            {
                result.AddError(said);
                return null;
            }
            return make(path);
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException)
        {
            // An empty or malformed path: the parse must end in a line, not an exception (it runs before the catch-all).
            result.AddError($"{name}: '{path}' is not a path");
            return null;
        }
    }
}
