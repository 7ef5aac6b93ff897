using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.CallSiteTests;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// Generated code called the API and nothing names what it held: the site says so and never shows the generated frame
/// as the culprit (moved from CallSiteTests).
/// </summary>
public sealed class GeneratedCodeSiteTests
{
    [Fact]
    public void Without_any_request_event_a_generated_caller_is_never_shown_as_the_culprit()
    {
        var snapshot = Snapshot([Stack(1, null, [GetResultCore, Generated, .. MvcPipeline, .. Kestrel])]);
        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.DoesNotContain("lambda_method", culprit.Method);
        Assert.Equal(CallSiteSource.Library, culprit.Site.Source);
        Assert.Contains("dynamicClass.lambda_method9", CallSiteNoteText.Line(culprit.Site.Note));
        Assert.Equal((BlockingKind.SyncOverAsync, "Task.Result"), (culprit.Kind, culprit.Api));
        ShapeProbe.AssertNamedBy<GeneratedCodeSite>(snapshot, culprit.Method);
    }
}
