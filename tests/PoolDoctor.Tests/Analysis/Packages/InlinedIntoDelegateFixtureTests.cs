using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// The app's code inlined into ASP.NET Core's generated request delegate, with a package blocking above it: the stack
/// goes from the delegate (<c>dynamicClass.lambda_method1</c>) to <c>Enumerable.ToList</c> and into EF Core and Npgsql,
/// with no frame of the app. The request's handler and the app's IL say which user method makes that call.
/// </summary>
public sealed class InlinedIntoDelegateFixtureTests
{
    [Fact]
    public void The_user_method_whose_call_leaves_the_delegate_is_the_user_frame_with_its_line()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.FixDataCheap)).Culprits[0];

        Assert.Equal(new PackageRef("Npgsql.EntityFrameworkCore.PostgreSQL", "10.0.3", Direct: true), top.Package);
        Assert.Equal("ProductQueries.Cheap", top.UserFrame);
        Assert.Equal(["lambda in Program.Main", "ProductQueries.Cheap"], top.ChainNames.Take(2));
        Assert.Equal(6, top.Chain[1].Source?.Line);
        Assert.EndsWith("ProductQueries.cs", top.Chain[1].Source?.File, StringComparison.Ordinal);
        Assert.Contains("ProductQueries.Cheap calls Enumerable.ToList at ProductQueries.cs:6, inlined by the JIT into dynamicClass.lambda_method1", CallSiteNoteText.Line(top.Site.Note));
        Assert.Equal("GET /products/cheap", EntryText.Of(top.Entry));
    }
}
