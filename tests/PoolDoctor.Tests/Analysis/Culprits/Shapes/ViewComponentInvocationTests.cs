using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Packages;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// A view component that blocks, recorded warmed: MVC's view component invoker calls a generated delegate with the
/// component's <c>Invoke</c> inlined into it, under the view that renders it. The request's action (<c>ShopController.Index</c>)
/// calls nothing that blocks; it was named as the culprit before the delegate's caller was read.
/// </summary>
public sealed class ViewComponentInvocationTests
{
    [Fact]
    public void The_view_component_shape_names_the_component_not_the_endpoints_shapes() =>
        ShapeProbe.AssertNamedBy<ViewComponentInvocation>(PackageFixtures.Read(PackageFixtures.ViewComponentWarmed), "CartViewComponent.Invoke");

    [Fact]
    public void The_view_components_invoke_is_the_culprit_not_the_requests_action()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.ViewComponentWarmed)).Culprits[0];

        Assert.Equal("CartViewComponent.Invoke", top.Method);
        Assert.Equal(BlockingKind.SyncOverAsync, top.Kind);
        Assert.Equal("Task.Result", top.Api);
        Assert.Equal("GET /shop", EntryText.Of(top.Entry));
        Assert.Equal(CallSiteSource.Il, top.Site.Source);
        Assert.Equal(9, top.Site.Line);
        Assert.EndsWith("CartViewComponent.cs", top.Site.File, StringComparison.Ordinal);
        Assert.Equal("CartViewComponent.Invoke", top.ChainNames[^1]);
        Assert.StartsWith("Views_Shop_Index.ExecuteAsync", top.ChainNames[0], StringComparison.Ordinal);
        Assert.DoesNotContain(top.ChainNames, f => f.Contains("ShopController", StringComparison.Ordinal));
        Assert.Contains("called by MVC's view component invoker", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
    }

    [Fact]
    public void Only_the_view_component_invokers_namespace_marks_the_delegate_as_a_components()
    {
        Assert.True(ViewComponentInvocation.IsInvoker(PoolDoctor.Analysis.Stacks.FrameNameParser.Parse("Microsoft.AspNetCore.Mvc.ViewComponents.DefaultViewComponentInvoker.InvokeSyncCore")));
        Assert.False(ViewComponentInvocation.IsInvoker(PoolDoctor.Analysis.Stacks.FrameNameParser.Parse("Microsoft.AspNetCore.Mvc.Infrastructure.ControllerActionInvoker.Next")));
        Assert.False(ViewComponentInvocation.IsInvoker(PoolDoctor.Analysis.Stacks.FrameNameParser.Parse("Microsoft.AspNetCore.Mvc.RazorPages.Infrastructure.ExecutorFactory+VoidHandlerMethod.Execute")));
    }
}
