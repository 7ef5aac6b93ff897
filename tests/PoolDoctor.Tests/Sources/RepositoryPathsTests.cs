using PoolDoctor.Collect.Sources;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Sources;

/// <summary>A culprit's file from its repository's root: a deterministic build's /_/ path, or a .git above the file on disk.</summary>
public sealed class RepositoryPathsTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("pooldoctor-repo-paths-").FullName;

    [Theory]
    [InlineData("/_/src/Orders/OrdersController.cs", "src/Orders/OrdersController.cs")]
    [InlineData("/_1/Shared/Retry.cs", "Shared/Retry.cs")]
    [InlineData(@"\_\src\Orders\OrdersController.cs", "src/Orders/OrdersController.cs")]
    public void A_deterministic_builds_mapped_root_is_the_repository_root(string pdbPath, string expected) =>
        Assert.Equal(expected, RepositoryPaths.Relative(pdbPath));

    [Fact]
    public void A_git_folder_above_the_file_is_the_root()
    {
        var file = Source("storefront", "src/Orders/OrdersController.cs");
        Directory.CreateDirectory(Path.Combine(_root, "storefront", ".git"));
        Assert.Equal("src/Orders/OrdersController.cs", RepositoryPaths.Relative(file));
    }

    [Fact]
    public void A_worktrees_git_file_marks_the_root_too()
    {
        var file = Source("wt/feature", "src/Program.cs");
        File.WriteAllText(Path.Combine(_root, "wt", "feature", ".git"), "gitdir: /elsewhere/.git/worktrees/feature");
        Assert.Equal("src/Program.cs", RepositoryPaths.Relative(file));
    }

    [Fact]
    public void Without_a_root_it_is_unknown_and_the_culprit_keeps_only_its_file()
    {
        var loose = Source("loose", "Program.cs");
        Assert.Null(RepositoryPaths.Relative(loose));
        // The build machine's path, not on this machine: nothing to walk up from.
        Assert.Null(RepositoryPaths.Relative(Path.Combine(_root, "gone", "src", "Program.cs")));
        Assert.Null(RepositoryPaths.Relative("Program.cs"));
        Assert.Null(RepositoryPaths.Relative(null));

        Directory.CreateDirectory(Path.Combine(_root, "storefront", ".git"));
        var inRepo = Source("storefront", "src/Orders.cs");
        var culprits = new[]
        {
            new Culprit("Orders.Get", BlockingKind.SyncOverAsync, "Task.Wait", 1, 1, [], 0) { Site = new CallSite { File = inRepo, Line = 3 } },
            new Culprit("Loose.Run", BlockingKind.Sleep, "Thread.Sleep", 1, 1, [], 0) { Site = new CallSite { File = loose, Line = 9 } },
        };
        var annotated = RepositoryPaths.Annotate(culprits);
        Assert.Equal("src/Orders.cs", annotated[0].Site.RepositoryFile);
        Assert.Equal(inRepo, annotated[0].Site.File);
        Assert.Same(culprits[1], annotated[1]);
    }

    [Fact]
    public void Every_frame_with_a_file_gets_its_repository_path_not_only_the_call_site()
    {
        Directory.CreateDirectory(Path.Combine(_root, "storefront", ".git"));
        var controller = Source("storefront", "src/Orders/OrdersController.cs");
        var repository = Source("storefront", "src/Orders/OrderRepository.cs");
        var loose = Source("loose", "Helper.cs");
        var culprit = new Culprit("OrderRepository.Load", BlockingKind.SyncOverAsync, "Task.Wait", 1, 1, [new("Task.Wait"), new("OrderRepository.Load", new SourceLocation(repository, 12)), new("OrdersController.Get", new SourceLocation(controller, 30))], 0)
        {
            Site = new CallSite { File = repository, Line = 12 },
            Chain = [new("OrdersController.Get", new SourceLocation(controller, 30) { SourceUrl = "https://example.invalid/c#L30" }), new("Helper.Wrap", new SourceLocation(loose, 4)), new("OrderRepository.Load", new SourceLocation(repository, 12))],
        };

        var annotated = RepositoryPaths.Annotate([culprit])[0];

        Assert.Equal("src/Orders/OrderRepository.cs", annotated.Site.RepositoryFile);
        Assert.Equal(["src/Orders/OrdersController.cs", null, "src/Orders/OrderRepository.cs"], annotated.Chain.Select(f => f.Source?.RepositoryFile));
        Assert.Equal([null, "src/Orders/OrderRepository.cs", "src/Orders/OrdersController.cs"], annotated.Example.Select(f => f.Source?.RepositoryFile));
        // The PDB's path, the line and the Source Link URL stay as they were; a frame without a root is left alone.
        Assert.Equal(culprit.Chain[0].Source! with { RepositoryFile = "src/Orders/OrdersController.cs" }, annotated.Chain[0].Source);
        Assert.Same(culprit.Chain[1], annotated.Chain[1]);
    }

    [Fact]
    public void A_culprit_whose_call_site_has_no_root_still_gets_its_frames_paths()
    {
        var culprit = new Culprit("Jobs.Run", BlockingKind.Sleep, "Thread.Sleep", 1, 1, [new("Jobs.Run", new SourceLocation("/_/src/Jobs/Runner.cs", 7))], 0)
        {
            Site = new CallSite(),
        };
        var annotated = RepositoryPaths.Annotate([culprit])[0];
        Assert.Null(annotated.Site.RepositoryFile);
        Assert.Equal("src/Jobs/Runner.cs", annotated.Example[0].Source!.RepositoryFile);
    }

    private string Source(string repo, string relative)
    {
        var path = Path.Combine(_root, repo, relative);
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, "// code");
        return path;
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);
}
