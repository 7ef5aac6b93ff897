using Microsoft.Build.Locator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.MSBuild;

namespace PoolDoctor.Fix.Workspace;

/// <summary>
/// Loads the user's project or solution into a Roslyn <see cref="Solution"/> through MSBuild (the SDK's own MSBuild,
/// found by Microsoft.Build.Locator; Roslyn evaluates projects in its out-of-process build host). The project must be
/// restored: a load that leaves a project without its references shows up as compile errors before the fix.
/// </summary>
public static class SourceWorkspace
{
    private static readonly Lock Gate = new();

    public static async Task<(MSBuildWorkspace Workspace, Solution Solution)> OpenAsync(string path, CancellationToken cancellation)
    {
        RegisterMsBuild();
        var workspace = MSBuildWorkspace.Create();
        try
        {
            var full = Path.GetFullPath(path);
            if (full.EndsWith(".sln", StringComparison.OrdinalIgnoreCase) || full.EndsWith(".slnx", StringComparison.OrdinalIgnoreCase))
            {
                return (workspace, await workspace.OpenSolutionAsync(full, cancellationToken: cancellation));
            }
            var project = await workspace.OpenProjectAsync(full, cancellationToken: cancellation);
            return (workspace, project.Solution);
        }
        catch (Exception e) when (e is InvalidOperationException or IOException or ArgumentException)
        {
            workspace.Dispose();
            throw new FixRefusedException($"cannot load '{path}' with MSBuild: {e.Message.Split('\n')[0]}");
        }
    }

    private static void RegisterMsBuild()
    {
        lock (Gate)
        {
            if (!MSBuildLocator.IsRegistered)
            {
                MSBuildLocator.RegisterDefaults();
            }
        }
    }
}
