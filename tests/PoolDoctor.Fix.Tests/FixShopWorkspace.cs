using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.MSBuild;
using PoolDoctor.Fix.Workspace;

namespace PoolDoctor.Fix.Tests;

/// <summary>The FixShop test app loaded once through MSBuild for every snapshot test (a load takes seconds).</summary>
public sealed class FixShopWorkspace : IAsyncLifetime
{
    private MSBuildWorkspace? _workspace;

    public Solution Solution { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        await TestApps.EnsureRestoredAsync();
        (_workspace, Solution) = await SourceWorkspace.OpenAsync(TestApps.FixShop, CancellationToken.None);
    }

    public Task DisposeAsync()
    {
        _workspace?.Dispose();
        return Task.CompletedTask;
    }
}

[CollectionDefinition(Name)]
public sealed class FixCollection : ICollectionFixture<FixShopWorkspace>
{
    // One at a time: each test loads or compiles a project, and two cores are shared.
    public const string Name = "fix";
}
