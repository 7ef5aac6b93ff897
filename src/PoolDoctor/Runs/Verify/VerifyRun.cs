using PoolDoctor.Fix.Trees;
using PoolDoctor.Runs.Variants;

namespace PoolDoctor.Runs.Verify;

/// <summary>
/// `fix --verify`: copies the project's tree twice into a temporary folder, applies the patch to the second copy, builds
/// both in Release, then runs each as a fresh process under the same load (compare's machinery: started, waited for
/// until the URL answers, warmed, watched, killed with its children) and returns both rows. The user's tree is only
/// read; the temporary folder is deleted whatever happens.
/// </summary>
internal static class VerifyRun
{
    public const string Before = "before";
    public const string After = "after (fixed)";

    public static async Task<VerifyResult> RunAsync(VerifyRequest request, IProgress<LiveStatus>? status, Action<string> say, CancellationToken cancellation)
    {
        var tree = ProjectTree.Of(request.ProjectFile);
        var temp = Directory.CreateTempSubdirectory("pooldoctor-fix-");
        try
        {
            var original = request.KnownBefore is null ? tree.CopyTo(Path.Combine(temp.FullName, "before")) : null;
            var patchedRoot = Path.Combine(temp.FullName, "after");
            var patched = tree.CopyTo(patchedRoot);
            foreach (var edit in request.Patch)
            {
                edit.Rebased(tree.Root, patchedRoot).Apply();
            }
            say($"Copied {Path.GetRelativePath(tree.Root, tree.ProjectFile)} and the {tree.ProjectFolders.Count} project folder(s) it builds from {tree.Root} to {temp.FullName}; patched {request.Patch.Count} file(s) in the copy");
            if (original is not null)
            {
                say("Building the original copy in Release");
                await ReleaseBuild.RunAsync(original, "the original", cancellation);
            }
            say("Building the patched copy in Release");
            await ReleaseBuild.RunAsync(patched, "the patched tree", cancellation);
            var before = request.KnownBefore is { } known
                ? known with { Row = known.Row with { Variant = Before } }
                : await RunOneAsync(request, Before, original!, status, say, captureStacks: false, cancellation);
            var after = await RunOneAsync(request, After, patched, status, say, captureStacks: true, cancellation);
            return new VerifyResult(before, after);
        }
        finally
        {
            Delete(temp);
        }
    }

    private static Task<VariantResult> RunOneAsync(
        VerifyRequest request, string name, string projectFile, IProgress<LiveStatus>? status, Action<string> say, bool captureStacks, CancellationToken cancellation)
    {
        var compare = request.Compare with { WorkingDirectory = Path.GetDirectoryName(projectFile) };
        var url = compare.Variants[0].Url;
        return CompareRun.RunFreshAsync(compare, new Variant(name, url), status, say, cancellation, captureStacks);
    }

    private static void Delete(DirectoryInfo temp)
    {
        // A build's last file handles may close a moment after its process ends: one retry.
        for (var attempt = 0; attempt < 2; attempt++)
        {
            try
            {
                temp.Delete(recursive: true);
                return;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                Thread.Sleep(500);
            }
        }
    }
}
