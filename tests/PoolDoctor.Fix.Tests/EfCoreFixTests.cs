using PoolDoctor.Fix.Reports;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// EF Core's sync calls become their async twins (the LINQ operators are extension methods of a namespace the file
/// may not import: the using is added). These culprits are written here by hand, not recorded: recording FixData's
/// routes needs PostgreSQL under load, which did not fit the time this was written in (issue 21's report says so).
/// </summary>
[Collection(FixCollection.Name)]
public sealed class EfCoreFixTests
{
    [Fact]
    public async Task ToList_on_a_query_becomes_ToListAsync_with_its_using()
    {
        await TestApps.EnsureRestoredAsync();
        var culprit = new ReportCulprit("ProductQueries.Cheap", "SyncIo", "NpgsqlDataReader.Read") { File = "/src/FixData/ProductQueries.cs", Line = 6 };

        var plan = await PlanAsync(culprit);

        DiffSnapshot.Matches("data-tolist.diff", plan);
    }

    [Fact]
    public async Task SaveChanges_becomes_SaveChangesAsync_with_the_handlers_token()
    {
        await TestApps.EnsureRestoredAsync();
        var culprit = new ReportCulprit("ProductEndpoints.Discount", "SyncIo", "DbContext.SaveChanges") { File = "/src/FixData/ProductEndpoints.cs", Line = 13 };

        var plan = await PlanAsync(culprit);

        DiffSnapshot.Matches("data-savechanges.diff", plan);
        Assert.Contains("+        await db.SaveChangesAsync(cancellationToken);", plan.Diff, StringComparison.Ordinal);
    }

    private static async Task<FixPlan> PlanAsync(ReportCulprit culprit)
    {
        var (workspace, solution) = await Workspace.SourceWorkspace.OpenAsync(TestApps.FixData, CancellationToken.None);
        using (workspace)
        {
            return await SourceFixer.PlanAsync(solution, culprit, TestApps.FixData, rename: false, CancellationToken.None);
        }
    }
}
