using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Sources;

/// <summary>
/// A source file as its repository names it, so a report read on another machine says `src/Orders/OrdersController.cs`,
/// not the build machine's `/home/build/agent/_work/3/s/src/Orders/OrdersController.cs`. The root comes from the
/// PDB's own path when the build was deterministic (`/_/`, `/_1/`... stand for the mapped source roots), else from a
/// `.git` (folder or worktree file) above the file when the file is on this machine; otherwise it is unknown.
/// </summary>
public static partial class RepositoryPaths
{
    public static string? Relative(string? file)
    {
        if (string.IsNullOrEmpty(file))
        {
            return null;
        }
        if (MappedRoot().Match(file) is { Success: true } mapped)
        {
            return file[mapped.Length..].Replace('\\', '/');
        }
        if (!Path.IsPathFullyQualified(file) || !File.Exists(file))
        {
            return null;
        }
        for (var dir = Path.GetDirectoryName(file); !string.IsNullOrEmpty(dir); dir = Path.GetDirectoryName(dir))
        {
            var git = Path.Combine(dir, ".git");
            if (Directory.Exists(git) || File.Exists(git))
            {
                return Path.GetRelativePath(dir, file).Replace('\\', '/');
            }
        }
        return null;
    }

    /// <summary>The culprits with <see cref="CallSite.RepositoryFile"/> filled in where the root is known.</summary>
    public static IReadOnlyList<Culprit> Annotate(IReadOnlyList<Culprit> culprits) =>
        [.. culprits.Select(c => Relative(c.Site.File) is { } relative ? c with { Site = c.Site with { RepositoryFile = relative } } : c)];

    // Deterministic source paths: the compiler's pathmap writes each SourceRoot as /_/ (then /_1/, /_2/...), or \_\ on Windows.
    [GeneratedRegex(@"^[/\\]_\d*[/\\]", RegexOptions.CultureInvariant)]
    private static partial Regex MappedRoot();
}
