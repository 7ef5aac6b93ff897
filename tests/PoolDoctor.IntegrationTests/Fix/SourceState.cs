using System.Diagnostics;

namespace PoolDoctor.IntegrationTests.Fix;

/// <summary>
/// What git sees of the lab's source folders (`git status --porcelain` plus `git diff` of src/PoolDoctor.Lab and
/// samples): `fix --verify` must leave it exactly as it was.
/// </summary>
internal static class SourceState
{
    public static async Task<string> ReadAsync(string repository)
    {
        var status = await GitAsync(repository, "status", "--porcelain", "--", "src/PoolDoctor.Lab", "samples");
        var diff = await GitAsync(repository, "diff", "--", "src/PoolDoctor.Lab", "samples");
        return status + diff;
    }

    private static async Task<string> GitAsync(string repository, params string[] arguments)
    {
        var info = new ProcessStartInfo("git") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false, WorkingDirectory = repository };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }
        using var process = Process.Start(info)!;
        var text = await process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync();
        return text;
    }
}
