using PoolDoctor.Cli.Verbs.Fix;
using PoolDoctor.Runs;

namespace PoolDoctor.IntegrationTests.Fix;

/// <summary>
/// `fix --verify` builds the original and the patched copy side by side: when one does not build, the run ends with that
/// build's own error (not the cancellation of the other), and a build that works is still reported as working.
/// </summary>
// Paired: two Release builds of a copied test app, no load, no timing.
[Trait("Lane", "Paired")]
public sealed class VerifyBuildTests
{
    [Fact]
    public async Task A_patched_copy_that_does_not_build_ends_the_run_with_its_own_error()
    {
        using var original = AppCopy.Of("ConsoleWorker");
        using var patched = AppCopy.Of("ConsoleWorker");
        await File.WriteAllTextAsync(Path.Combine(patched.Folder, "Broken.cs"), "internal static class Broken { private static readonly int Value = \"not a number\"; }\n");

        var failure = await Assert.ThrowsAsync<RunFailedException>(() =>
            VerifyRun.BuildAsync([(original.Project, "the original"), (patched.Project, "the patched tree")], CancellationToken.None));

        Assert.StartsWith("the patched tree does not build in Release: ", failure.Message, StringComparison.Ordinal);
        Assert.Contains("CS0029", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Two_copies_that_build_both_finish()
    {
        using var original = AppCopy.Of("ConsoleWorker");
        using var patched = AppCopy.Of("ConsoleWorker");

        await VerifyRun.BuildAsync([(original.Project, "the original"), (patched.Project, "the patched tree")], CancellationToken.None);

        Assert.True(File.Exists(original.ReleaseDll("ConsoleWorker")));
        Assert.True(File.Exists(patched.ReleaseDll("ConsoleWorker")));
    }
}
