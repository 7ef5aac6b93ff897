using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// What `fix` refuses, run as the user runs it: one line on stderr naming the construct and its place, exit 1, no
/// diff on stdout, no file written (with --apply or -o given, to show nothing is).
/// </summary>
[Collection(FixCollection.Name)]
public sealed class RefusalTests
{
    [Fact]
    public async Task A_blocking_property_getter_is_refused_by_name()
    {
        await TestApps.EnsureRestoredAsync();
        var output = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-fix-").FullName, "fix.diff");

        var result = await TestApps.Tool("fix", TestApps.Fixture("shop-settings.json"), "--project", TestApps.FixShop, "-o", output);

        AssertRefused(result, "the getter of property ShopSettings.Currency");
        Assert.Contains("Settings/ShopSettings.cs:6", result.StdErr, StringComparison.Ordinal);
        Assert.False(File.Exists(output));
    }

    /// <summary>
    /// A culprit in Razor markup (fixtures/razor-view.json: `@Model.EuroRate().Result` in an MVC view of an app written
    /// for the check, recorded 2026-11-27): Razor compiles it to C# no workspace document holds, so fix says where to
    /// await instead of sending the user to another project.
    /// </summary>
    [Fact]
    public async Task A_culprit_in_razor_markup_is_refused_with_where_to_await()
    {
        await TestApps.EnsureRestoredAsync();

        var result = await TestApps.Tool("fix", TestApps.Fixture("razor-view.json"), "--project", TestApps.FixShop);

        AssertRefused(result, "Views_Home_Dashboard.ExecuteAsync blocks in Razor markup (Dashboard.cshtml:3), which fix does not rewrite: await it there (`@await ...`)");
    }

    [Fact]
    public async Task Sources_that_differ_from_the_reports_build_are_refused()
    {
        var copy = await TestApps.CopyAsync(TestApps.FixShop);
        var file = Path.Combine(Path.GetDirectoryName(copy)!, "Orders", "SqlOrderRepository.cs");
        await File.AppendAllTextAsync(file, "// edited after the report was recorded\n");
        var before = Snapshot(copy);

        var result = await TestApps.Tool("fix", TestApps.Fixture("shop-orders.json"), "--project", copy, "--apply");

        AssertRefused(result, "Orders/SqlOrderRepository.cs does not match the report's build");
        Assert.Equal(before, Snapshot(copy));
    }

    [Fact]
    public async Task A_project_that_does_not_compile_before_the_fix_is_refused()
    {
        var copy = await TestApps.CopyAsync(TestApps.FixShop);
        var file = Path.Combine(Path.GetDirectoryName(copy)!, "Catalog", "Product.cs");
        await File.WriteAllTextAsync(file, "namespace FixShop.Catalog;\n\npublic sealed record Product(string Sku, string Name) { int Broken => ; }\n");
        var before = Snapshot(copy);

        var result = await TestApps.Tool("fix", TestApps.Fixture("shop-orders.json"), "--project", copy, "--apply");

        AssertRefused(result, "does not compile before the fix");
        Assert.Contains("Catalog/Product.cs:3", result.StdErr, StringComparison.Ordinal);
        Assert.Equal(before, Snapshot(copy));
    }

    [Fact]
    public async Task A_stream_read_into_a_stack_span_is_refused()
    {
        await TestApps.EnsureRestoredAsync();
        // ReadAsync takes Memory<byte>: a stackalloc'd Span cannot live across an await, so there is no twin to call.
        var culprit = FixIoWorkspace.Culprit("ReceiptArchive.Header", BlockingKind.SyncIO, "FileStream.Read", "Receipts/ReceiptArchive.cs", "file.Read(head)");
        var output = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-fix-").FullName, "fix.diff");
        var before = Snapshot(TestApps.FixIo);

        var result = await TestApps.Tool("fix", FixIoWorkspace.Report(culprit), "--project", TestApps.FixIo, "-o", output);

        AssertRefused(result, $"Receipts/ReceiptArchive.cs:{culprit.Site.Line}: no blocking call the tool can rewrite is there");
        Assert.False(File.Exists(output));
        Assert.Equal(before, Snapshot(TestApps.FixIo));
    }

    [Fact]
    public async Task A_timer_callback_that_would_have_to_return_a_task_is_refused()
    {
        await TestApps.EnsureRestoredAsync();
        // The hosted-service pattern on a System.Threading.Timer: Cleanup is a TimerCallback, which returns void, so
        // making it async Task does not compile, and async void is not offered.
        var culprit = FixIoWorkspace.Culprit("OutboxTable.Purge", BlockingKind.SyncIO, "DbCommand.ExecuteNonQuery", "Outbox/OutboxTable.cs", "        command.ExecuteNonQuery();", "CleanupTimer.Cleanup", "OutboxTable.Purge");
        var output = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-fix-").FullName, "fix.diff");
        var before = Snapshot(TestApps.FixIo);

        var result = await TestApps.Tool("fix", FixIoWorkspace.Report(culprit), "--project", TestApps.FixIo, "-o", output);

        AssertRefused(result, "does not compile");
        Assert.Contains("Outbox/CleanupTimer.cs", result.StdErr, StringComparison.Ordinal);
        Assert.False(File.Exists(output));
        Assert.Equal(before, Snapshot(TestApps.FixIo));
    }

    [Fact]
    public async Task Apply_writes_the_files_the_diff_shows_and_they_build()
    {
        var applied = await TestApps.CopyAsync(TestApps.FixShop);
        var patched = await TestApps.CopyAsync(TestApps.FixShop);
        var diff = await TestApps.Tool("fix", TestApps.Fixture("shop-orders.json"), "--project", patched);
        Assert.Equal(0, diff.ExitCode);
        var diffFile = Path.Combine(Path.GetDirectoryName(patched)!, "..", Path.GetFileName(Path.GetDirectoryName(patched)!) + ".diff");
        await File.WriteAllTextAsync(diffFile, diff.StdOut);

        var apply = await TestApps.Tool("fix", TestApps.Fixture("shop-orders.json"), "--project", applied, "--apply");
        var gitApply = await TestApps.Run("git", ["apply", "--directory=.", "--unsafe-paths", "-p1", Path.GetFullPath(diffFile)], TimeSpan.FromMinutes(1), Path.GetDirectoryName(patched));

        Assert.Equal(0, apply.ExitCode);
        Assert.True(gitApply.ExitCode == 0, gitApply.StdErr);
        // The diff printed is exactly the change --apply made: `git apply` of it gives the same files.
        Assert.Equal(await AllSourcesAsync(patched), await AllSourcesAsync(applied));
        Assert.Contains("var order = await db.QuerySingleAsync(id);", await AllSourcesAsync(applied), StringComparison.Ordinal);
        // And the applied tree builds with the real compiler.
        var build = await TestApps.Run("dotnet", ["build", applied, "-c", "Release", "--no-restore", "-nologo", "-v", "q"], TimeSpan.FromMinutes(5));
        Assert.True(build.ExitCode == 0, build.StdOut + build.StdErr);
    }

    // Every C# file of the app, by its path under the app, in path order.
    private static async Task<string> AllSourcesAsync(string project)
    {
        var root = Path.GetDirectoryName(project)!;
        var files = Directory.EnumerateFiles(root, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(root, f))
            .Where(f => !f.StartsWith("obj", StringComparison.Ordinal) && !f.StartsWith("bin", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal);
        var text = new System.Text.StringBuilder();
        foreach (var file in files)
        {
            text.Append("== ").Append(file).Append('\n').Append(await File.ReadAllTextAsync(Path.Combine(root, file)));
        }
        return text.ToString();
    }

    private static void AssertRefused(TestApps.Result result, string says)
    {
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("", result.StdOut);
        var line = Assert.Single(result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("dotnet-pooldoctor: error: fix refused: ", line, StringComparison.Ordinal);
        Assert.Contains(says, line, StringComparison.Ordinal);
    }

    // Every file of the app with its last write time and length: "nothing written" checked on the whole tree.
    private static string Snapshot(string project) =>
        string.Join('\n', Directory.EnumerateFiles(Path.GetDirectoryName(project)!, "*", SearchOption.AllDirectories)
            .Where(f => !f.Contains("/obj/", StringComparison.Ordinal) && !f.Contains("/bin/", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal)
            .Select(f => $"{f} {File.GetLastWriteTimeUtc(f):O} {new FileInfo(f).Length}"));
}
