using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Release;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// tests/apps/ShopApi recorded tier-1 (ShopApiFixtureTests has every route): the JIT inlined the user methods that make
/// the call into the sampled user frame; the frame's IL at its sampled offset gives the deepest of them back.
/// </summary>
public sealed class InlinedIntoUserFrameTests
{
    [Theory]
    [InlineData("customers", "CustomerRepository.Load")]
    [InlineData("stock", "StockLedger.Count")]
    [InlineData("reports", "DailyReports.For")]
    public void The_method_the_jit_inlined_into_the_sampled_frame_is_the_call_site(string fixture, string method)
    {
        var (snapshot, analysis) = ShopApiFixtures.Load(fixture);
        var top = analysis.Culprits[0];

        Assert.Equal(method, top.Method);
        Assert.Equal(CallSiteSource.Il, top.Site.Source);
        Assert.StartsWith($"inlined by the JIT into {top.ChainNames[0]}", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
        ShapeProbe.AssertNamedBy<InlinedIntoUserFrame>(snapshot, top.Method);
    }
}
