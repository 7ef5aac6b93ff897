using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// The user awaited a driver's async API and it ran the sync one: MySql.Data before 8.0.33 does not override
/// <c>DbCommand.ExecuteScalarAsync</c> or <c>DbConnection.OpenAsync</c>, so the base classes call <c>ExecuteScalar</c>
/// and <c>Open</c> on the pool thread (fixtures/packages/README.md, "An awaited API that ran synchronously").
/// </summary>
public sealed class AwaitedRanSyncFixtureTests
{
    private static readonly PackageRef MySqlData = new("MySql.Data", "8.0.19", Direct: true);

    public static TheoryData<string> Captures => new() { "mysql-8.0.19.nettrace.gz", "mysql-8.0.19-warmed.nettrace.gz" };

    [Theory]
    [MemberData(nameof(Captures))]
    public void The_await_that_ran_the_sync_query_is_named_with_the_override_the_driver_lacks(string capture)
    {
        var culprits = CulpritAnalyzer.Analyze(PackageFixtures.Read(Path.Combine(PackageFixtures.Directory, capture))).Culprits;
        var top = culprits[0];

        Assert.Equal("TimedStream.Read", top.Method);
        Assert.Equal(MySqlData, top.Package);
        Assert.Equal("OrderStore.GetTotalAsync (async)", top.UserFrame);
        Assert.Equal(new AwaitedRanSync("DbCommand.ExecuteScalarAsync", "MySqlCommand.ExecuteScalar", NotOverridden: true), top.AwaitedRanSync);
        Assert.True(top.Share > 0.5, $"share {top.Share}");

        // The connection's ping (a write, then its read) under OpenAsync: one row or two, each with the same await.
        var opens = culprits.Where(c => c.AwaitedRanSync?.Awaited == "DbConnection.OpenAsync").ToList();
        Assert.NotEmpty(opens);
        Assert.All(opens, c => Assert.Equal(new AwaitedRanSync("DbConnection.OpenAsync", "MySqlConnection.Open", NotOverridden: true), c.AwaitedRanSync));

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("already awaits DbCommand.ExecuteScalarAsync", fix.Explanation);
        Assert.Contains("MySql.Data 8.0.19 does not override it", fix.Explanation);
        Assert.DoesNotContain("has no async twin", fix.Explanation);
        Assert.Contains("your await ran synchronously: DbCommand.ExecuteScalarAsync ran MySqlCommand.ExecuteScalar", string.Join("\n", CulpritLines.Describe(top)));
    }

    // Tier-1 code inlined MySqlCommand.ExecuteScalar into DbCommand.ExecuteScalarAsync (guarded devirtualization): the
    // IL at the sampled offset calls the virtual DbCommand.ExecuteScalar, whose overrides include the framework's own
    // DbCommandWrapper, through which a six-call path also reaches MySqlCommand.ExecuteReader. The one-call path is what ran.
    [Theory]
    [MemberData(nameof(Captures))]
    public void The_inlined_override_is_restored_by_the_shortest_path_not_through_another_override(string capture)
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(Path.Combine(PackageFixtures.Directory, capture))).Culprits[0];

        Assert.Equal(
            ["async lambda in Program.Main", "OrderStore.GetTotalAsync (async)", "MySqlCommand.ExecuteScalar", "MySqlCommand.ExecuteReader",
             "MySqlDataReader.NextResult", "NativeDriver.GetResult", "MySqlStream.LoadPacket", "TimedStream.Read"],
            top.ChainNames);
        Assert.DoesNotContain(top.ExampleStack, f => f.Contains("DbCommandWrapper", StringComparison.Ordinal));
    }
}
