using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// A package the framework runs (a health check behind <c>MapHealthChecks</c>) has no user frame on the stack; the app
/// reaches it by its registration, which AspNetCore.HealthChecks.Redis declares in
/// <c>Microsoft.Extensions.DependencyInjection</c>, not in its own namespace (fixtures/packages/README.md).
/// </summary>
public sealed class RegistrationFixtureTests
{
    [Fact]
    public void A_registration_declared_in_a_shared_namespace_is_found_by_the_packages_assembly()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.HealthChecksWarmed)).Culprits[0];

        Assert.Equal("RedisHealthCheck.CheckHealthAsync", top.Method);
        Assert.Equal(new PackageRef("AspNetCore.HealthChecks.Redis", "2.2.3", Direct: true), top.Package);
        Assert.Equal("Program.Main", top.UserFrame);
        Assert.Contains("which calls RedisHealthCheckBuilderExtensions.AddRedis at Program.cs:3", CallSiteNoteText.Line(top.Site.Note));
        Assert.Equal("GET /health", EntryText.Of(top.Entry));
    }
}
