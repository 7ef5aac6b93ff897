using PoolDoctor.Fix.Reports;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// EF Core's sync calls become their async twins (the LINQ operators are extension methods of a namespace the file
/// may not import: the using is added). The reports are recorded (fixtures/fixdata-*.json,
/// `scripts/fix-fixtures/record-data.sh`): under load a real `diagnose` of FixData names the provider's socket read
/// inside the package (NpgsqlExecutionStrategy.Execute → ExecuteDbDataReader), and the app's call into it only as a
/// frame of the chain.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class EfCoreFixTests
{
    // The report's culprit is in Npgsql.EntityFrameworkCore.PostgreSQL; its chain's last user frame is Discount at
    // `db.SaveChanges();`. It was refused as "blocks inside the package" before: the fix is at the app's call instead.
    [Fact]
    public async Task A_culprit_inside_ef_core_is_fixed_at_the_apps_call_into_it()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("fixdata-discount.json"))[0];
        Assert.Equal("Npgsql.EntityFrameworkCore.PostgreSQL", culprit.Package?.Name);

        var plan = await PlanAsync(culprit);

        DiffSnapshot.Matches("data-savechanges.diff", plan);
        Assert.Contains("+        await db.SaveChangesAsync(cancellationToken);", plan.Diff, StringComparison.Ordinal);
        Assert.Contains(plan.Notes, n => n.Contains("the fix is at the app's call into it, ProductEndpoints.Discount (ProductEndpoints.cs:13)", StringComparison.Ordinal));
    }

    // A report whose chain names no frame of the app (fixdata-cheap as diagnose recorded it before it read the app's
    // code inlined into the request delegate): there is nothing the report proves to rewrite. Refused in one line.
    [Fact]
    public async Task A_culprit_inside_ef_core_with_no_app_frame_is_refused()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("fixdata-cheap-no-app-frame.json"))[0];

        var plan = await PlanAsync(culprit);

        Assert.NotNull(plan.Refusal);
        Assert.DoesNotContain('\n', plan.Refusal);
        Assert.Contains("blocks inside the package Npgsql.EntityFrameworkCore.PostgreSQL, and the report's chain names no call of the app into it", plan.Refusal, StringComparison.Ordinal);
        Assert.Empty(plan.Diff);
    }

    // The JIT inlined the handler lambda and ProductQueries.Cheap into the request delegate (the stack goes from
    // Enumerable.ToList to dynamicClass.lambda_method1); diagnose reads them back from the app's IL, so the recorded
    // report's chain ends in the app's call, ProductQueries.cs:6, and the fix is made there.
    [Fact]
    public async Task ToList_on_a_query_inlined_into_the_request_delegate_becomes_ToListAsync()
    {
        var culprit = ReportReader.Read(TestApps.Fixture("fixdata-cheap.json"))[0];

        var plan = await PlanAsync(culprit);

        Assert.Null(plan.Refusal);
        DiffSnapshot.Matches("data-tolist.diff", plan);
        Assert.Contains(plan.Notes, n => n.Contains("the fix is at the app's call into it, ProductQueries.Cheap (ProductQueries.cs:6)", StringComparison.Ordinal));
    }

    // The same rewrite written from the source alone: ToList at ProductQueries.cs:6.
    [Fact]
    public async Task ToList_on_a_query_becomes_ToListAsync_with_its_using()
    {
        var culprit = TestApps.Written("ProductQueries.Cheap", BlockingKind.SyncIO, "Enumerable.ToList", "/src/FixData/ProductQueries.cs", 6);

        var plan = await PlanAsync(culprit);

        DiffSnapshot.Matches("data-tolist.diff", plan);
    }

    private static async Task<FixPlan> PlanAsync(Culprit culprit)
    {
        await TestApps.EnsureRestoredAsync();
        var (workspace, solution) = await Workspace.SourceWorkspace.OpenAsync(TestApps.FixData, CancellationToken.None);
        using (workspace)
        {
            return await SourceFixer.PlanAsync(solution, culprit, TestApps.FixData, rename: false, CancellationToken.None);
        }
    }
}
