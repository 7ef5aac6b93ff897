using System.Diagnostics;
using System.Runtime.CompilerServices;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// Where the test apps and fixtures are, and the one thing every test needs first: the apps restored (they are
/// outside the solution, so the build does not restore them; MSBuild loads an unrestored project without its
/// references and the fix would be refused for errors that are not the code's).
/// </summary>
internal static class TestApps
{
    public static string Repo([CallerFilePath] string self = "") => Path.GetFullPath(Path.Combine(Path.GetDirectoryName(self)!, "..", ".."));

    public static string FixShop => Path.Combine(Repo(), "tests", "apps", "FixShop", "FixShop.csproj");

    public static string FixData => Path.Combine(Repo(), "tests", "apps", "FixData", "FixData.csproj");

    public static string FixIo => Path.Combine(Repo(), "tests", "apps", "FixIo", "FixIo.csproj");

    public static string FixShapes => Path.Combine(Repo(), "tests", "apps", "FixShapes", "FixShapes.csproj");

    public static string FilterShop => Path.Combine(Repo(), "tests", "apps", "FilterShop", "FilterShop.csproj");

    public static string HubShop => Path.Combine(Repo(), "tests", "apps", "HubShop", "HubShop.csproj");

    public static string Lab => Path.Combine(Repo(), "src", "PoolDoctor.Lab", "PoolDoctor.Lab.csproj");

    public static string Fixture(string name) => Path.Combine(Repo(), "tests", "PoolDoctor.Fix.Tests", "fixtures", name);

    /// <summary>
    /// The culprit naming <paramref name="method"/> in a recorded report (fixtures/NAME): a report of a route can also
    /// name the app's background culprits, which the pool saw starve beside it.
    /// </summary>
    public static Culprit Recorded(string fixture, string method) =>
        ReportReader.Read(Fixture(fixture)).Where(c => c.Method == method).ToList() is [var culprit]
            ? culprit
            : throw new InvalidOperationException($"{fixture} does not name {method} exactly once");

    /// <summary>A culprit written in a test, as a report names one: method, kind, API, the call site's file and line (no chain).</summary>
    public static Culprit Written(string method, BlockingKind kind, string api, string file, int line) =>
        new(method, kind, api, 0, 0, []) { Site = new PoolDoctor.Model.Stacks.CallSite { File = file, Line = line } };

    /// <summary>The culprit at another line of its file (the call site's frame moves with it).</summary>
    public static Culprit AtLine(Culprit culprit, int line) => culprit with { Site = culprit.Site with { Line = line } };

    public static string ToolDll => Path.Combine(AppContext.BaseDirectory, "dotnet-pooldoctor.dll");

    private static readonly Lazy<Task> Restored = new(() => Task.WhenAll(RestoreAsync(FixShop), RestoreAsync(FixData), RestoreAsync(FixIo), RestoreAsync(FixShapes), RestoreAsync(Lab)));

    public static Task EnsureRestoredAsync() => Restored.Value;

    public static async Task RestoreAsync(string project)
    {
        var result = await Run("dotnet", ["restore", project, "--verbosity", "quiet"], TimeSpan.FromMinutes(5));
        Assert.True(result.ExitCode == 0, $"dotnet restore {project} failed:\n{result.StdOut}\n{result.StdErr}");
    }

    public sealed record Result(int ExitCode, string StdOut, string StdErr);

    public static Task<Result> Tool(params string[] args) => Run("dotnet", [ToolDll, .. args], TimeSpan.FromMinutes(5));

    public static async Task<Result> Run(string file, IEnumerable<string> args, TimeSpan limit, string? directory = null)
    {
        var start = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        if (directory is not null)
        {
            start.WorkingDirectory = directory;
        }
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var cancel = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(cancel.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{file} {string.Join(' ', start.ArgumentList)} ran over {limit}");
        }
        return new Result(process.ExitCode, await stdout, await stderr);
    }

    /// <summary>A copy of an app's sources (no bin/obj) in a temp folder, restored, for tests that change files.</summary>
    public static async Task<string> CopyAsync(string project)
    {
        var from = Path.GetDirectoryName(project)!;
        var to = Directory.CreateTempSubdirectory("pooldoctor-fix-").FullName;
        foreach (var file in Directory.EnumerateFiles(from, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(from, file);
            if (relative.StartsWith("bin", StringComparison.Ordinal) || relative.StartsWith("obj", StringComparison.Ordinal))
            {
                continue;
            }
            var target = Path.Combine(to, relative);
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }
        // The repository's build settings (target framework, warnings as errors) come with it, as in the repository.
        File.Copy(Path.Combine(Repo(), "Directory.Build.props"), Path.Combine(to, "Directory.Build.props"));
        var copy = Path.Combine(to, Path.GetFileName(project));
        await RestoreAsync(copy);
        return copy;
    }
}
