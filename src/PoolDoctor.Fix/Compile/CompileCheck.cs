using Microsoft.CodeAnalysis;

namespace PoolDoctor.Fix.Compile;

/// <summary>
/// Compiles the projects a fix touches (and the projects that reference them) with Roslyn, errors only, as the
/// project's own options say (TreatWarningsAsErrors makes its warnings errors here too). Before the fix: the sources
/// must compile, or the fix is refused (a broken tree is not the tool's to judge). After: any error refuses the fix.
/// </summary>
public static class CompileCheck
{
    /// <summary>The first error of the projects, as "CS0000: message at file:line", or null when they compile.</summary>
    public static async Task<string?> FirstErrorAsync(Solution solution, IEnumerable<ProjectId> projects, Func<string, string> relative, CancellationToken cancellation)
    {
        foreach (var id in projects)
        {
            var project = solution.GetProject(id)!;
            var compilation = await project.GetCompilationAsync(cancellation);
            if (compilation is null)
            {
                return $"{project.Name}: Roslyn cannot compile this project";
            }
            var error = compilation.GetDiagnostics(cancellation)
                .Where(d => d.Severity == DiagnosticSeverity.Error)
                .OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal)
                .ThenBy(d => d.Location.SourceSpan.Start)
                .FirstOrDefault();
            if (error is not null)
            {
                return Describe(error, relative);
            }
        }
        return null;
    }

    /// <summary>The changed projects and every project that references them (their callers may be there).</summary>
    public static IReadOnlyList<ProjectId> Affected(Solution solution, IEnumerable<ProjectId> changed)
    {
        var graph = solution.GetProjectDependencyGraph();
        var set = new HashSet<ProjectId>();
        foreach (var id in changed)
        {
            set.Add(id);
            set.UnionWith(graph.GetProjectsThatTransitivelyDependOnThisProject(id));
        }
        return [.. graph.GetTopologicallySortedProjects().Where(set.Contains)];
    }

    private static string Describe(Diagnostic error, Func<string, string> relative)
    {
        var span = error.Location.GetLineSpan();
        var where = error.Location.IsInSource ? $" at {relative(span.Path)}:{span.StartLinePosition.Line + 1}" : "";
        return $"{error.Id}: {error.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}{where}";
    }
}
