using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Fix;

/// <summary>
/// A test app (tests/apps/NAME) copied with the repository's build settings into a temporary folder laid out as in
/// the repository, so `fix --apply` edits the copy and never the checkout; deleted on dispose.
/// </summary>
internal sealed class AppCopy : IDisposable
{
    private static readonly string[] Settings = ["Directory.Build.props", "Directory.Packages.props", "global.json", ".editorconfig"];

    private AppCopy(string root, string project)
    {
        Root = root;
        Project = project;
    }

    public string Root { get; }

    public string Project { get; }

    public string Folder => Path.GetDirectoryName(Project)!;

    public static AppCopy Of(string name)
    {
        var repository = ToolPaths.RepositoryRoot();
        var root = Directory.CreateTempSubdirectory("pooldoctor-appcopy-").FullName;
        foreach (var file in Settings)
        {
            File.Copy(Path.Combine(repository, file), Path.Combine(root, file));
        }
        var from = Path.Combine(repository, "tests", "apps", name);
        var to = Path.Combine(root, "tests", "apps", name);
        foreach (var file in Directory.EnumerateFiles(from, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(from, file);
            if (relative.Split(Path.DirectorySeparatorChar)[0] is "bin" or "obj")
            {
                continue;
            }
            Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(to, relative))!);
            File.Copy(file, Path.Combine(to, relative));
        }
        return new AppCopy(root, Path.Combine(to, name + ".csproj"));
    }

    /// <summary>`dotnet build -c Release` of the copy; returns its exit code and output.</summary>
    public async Task<(int ExitCode, string Output)> BuildAsync()
    {
        var run = await NestedDotnet.RunAsync(
            ["build", Project, "-c", "Release", "--disable-build-servers", "-nologo", "-v:q"], TimeSpan.FromMinutes(5));
        if (run.TimedOut)
        {
            throw new OperationCanceledException($"building {Project} took over 5 minutes:\n{run.Log}");
        }
        return (run.ExitCode, run.Log);
    }

    public string ReleaseDll(string name) => Path.Combine(Folder, "bin", "Release", "net10.0", name + ".dll");

    public void Dispose()
    {
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}
