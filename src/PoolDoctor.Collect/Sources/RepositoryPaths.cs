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

    /// <summary>
    /// The culprits with <see cref="CallSite.RepositoryFile"/> and every frame's <see cref="SourceLocation.RepositoryFile"/>
    /// (chain and example stack) filled in where the root is known; a culprit with nothing to add is returned as is.
    /// </summary>
    public static IReadOnlyList<Culprit> Annotate(IReadOnlyList<Culprit> culprits)
    {
        // One walk up the directories per file: the same few files recur in every chain and example stack.
        var known = new Dictionary<string, string?>(StringComparer.Ordinal);
        string? Cached(string? file) =>
            file is null ? null : known.TryGetValue(file, out var hit) ? hit : known[file] = Relative(file);

        IReadOnlyList<CulpritFrame> Frames(IReadOnlyList<CulpritFrame> frames, ref bool changed)
        {
            var annotated = new CulpritFrame[frames.Count];
            for (var i = 0; i < frames.Count; i++)
            {
                annotated[i] = frames[i].Source is { RepositoryFile: null } source && Cached(source.File) is { } relative
                    ? frames[i] with { Source = source with { RepositoryFile = relative } }
                    : frames[i];
                changed |= !ReferenceEquals(annotated[i], frames[i]);
            }
            return annotated;
        }

        return [.. culprits.Select(c =>
        {
            var changed = false;
            var chain = Frames(c.Chain, ref changed);
            var example = Frames(c.Example, ref changed);
            var site = Cached(c.Site.File) is { } relative ? c.Site with { RepositoryFile = relative } : c.Site;
            changed |= !ReferenceEquals(site, c.Site);
            return changed ? c with { Site = site, Chain = chain, Example = example } : c;
        })];
    }

    // Deterministic source paths: the compiler's pathmap writes each SourceRoot as /_/ (then /_1/, /_2/...), or \_\ on Windows.
    [GeneratedRegex(@"^[/\\]_\d*[/\\]", RegexOptions.CultureInvariant)]
    private static partial Regex MappedRoot();
}
