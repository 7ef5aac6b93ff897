using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Packages;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// Blocking inside a referenced package, recorded (fixtures/packages; Analysis/Packages has a test class per capture):
/// a rate limiter over Redis, a logging sink under ILogger, RedisRateLimiting 1.0.11. The package's method is the call
/// site (an awaited API that ran synchronously is <see cref="AwaitedRanSyncInPackageTests"/>'s).
/// </summary>
public sealed class InsidePackageTests
{
    public static TheoryData<string> Captures => [PackageFixtures.RedisWindow, PackageFixtures.AuditLog, PackageFixtures.RedisRateLimiting];

    [Theory]
    [MemberData(nameof(Captures))]
    public void The_packages_method_is_the_call_site(string capture)
    {
        var snapshot = PackageFixtures.Read(capture);
        var top = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.NotNull(top.Package);
        Assert.Equal(CallSiteNoteKind.InsidePackage, top.Site.Note?.Kind);
        ShapeProbe.AssertNamedBy<InsidePackage>(snapshot, top.Method);
    }
}
