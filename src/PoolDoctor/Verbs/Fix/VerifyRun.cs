using PoolDoctor.Fix;
using PoolDoctor.Fix.Trees;

namespace PoolDoctor.Cli.Verbs.Fix;

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
            say(original is null ? "Building the patched copy in Release" : "Building the original and the patched copy in Release, side by side");
            await BuildAsync(original is null ? [(patched, "the patched tree")] : [(original, "the original"), (patched, "the patched tree")], cancellation);
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

    /// <summary>
    /// Builds the copies at once: a build is mostly one process waiting on the next (restore, then each project's
    /// compiler in turn), so two side by side finish sooner than one after the other. The first build that fails stops
    /// the other and its error is the one reported, in the order given when both fail.
    /// </summary>
    internal static async Task BuildAsync(IReadOnlyList<(string Project, string What)> builds, CancellationToken cancellation)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        var running = builds.Select(async b =>
        {
            try
            {
                await ReleaseBuild.RunAsync(b.Project, b.What, stop.Token);
            }
            catch (RunFailedException)
            {
                await stop.CancelAsync();
                throw;
            }
        }).ToList();
        try
        {
            await Task.WhenAll(running);
        }
        catch (OperationCanceledException) when (!cancellation.IsCancellationRequested
            && running.Select(t => t.Exception?.InnerException).OfType<RunFailedException>().FirstOrDefault() is { } failed)
        {
            // The build that failed cancelled the one listed before it: report the failure, not the cancellation.
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(failed);
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
