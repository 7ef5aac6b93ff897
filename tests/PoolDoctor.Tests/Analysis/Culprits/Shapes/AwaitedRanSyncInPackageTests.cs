using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Packages;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// The user awaited a package's async API and it ran synchronously, recorded (fixtures/packages; AwaitedRanSyncFixtureTests
/// and AsyncEntryBlocksFixtureTests have the rest): MySql.Data 8.0.19's <c>ExecuteScalarAsync</c> ran
/// <c>ExecuteScalar</c>, cold and warmed; SlackBotMessages 2.0.0's <c>Send</c> blocked before returning its task.
/// </summary>
public sealed class AwaitedRanSyncInPackageTests
{
    public static TheoryData<string> Captures => [PackageFixtures.MySql, PackageFixtures.MySqlWarmed, PackageFixtures.SlackBot];

    [Theory]
    [MemberData(nameof(Captures))]
    public void The_packages_method_is_the_call_site_with_the_await_that_ran_synchronously(string capture)
    {
        var snapshot = PackageFixtures.Read(capture);
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.NotNull(top.Package);
        Assert.NotNull(top.AwaitedRanSync);
        ShapeProbe.AssertNamedBy<AwaitedRanSyncInPackage>(snapshot, top.Method);
    }
}
