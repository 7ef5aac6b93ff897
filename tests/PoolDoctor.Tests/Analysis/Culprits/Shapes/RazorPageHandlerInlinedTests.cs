using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Culprits.Shapes;
using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Packages;

namespace PoolDoctor.Tests.Analysis.Culprits.Shapes;

/// <summary>
/// A Razor Page whose handler blocks, recorded warmed (tier-1 code): ASP.NET Core calls <c>ReportModel.OnGet</c> through a
/// delegate it generates, the JIT inlined the handler and the method it calls into that delegate, and the request's
/// action is named after the page (<c>/Report</c>), not a method. The Razor compiler's record of the page and the app's
/// IL give back the handler and the user method that makes the call.
/// </summary>
public sealed class RazorPageHandlerInlinedTests
{
    [Fact]
    public void The_razor_page_shape_names_the_handlers_callee() =>
        ShapeProbe.AssertNamedBy<RazorPageHandlerInlined>(PackageFixtures.Read(PackageFixtures.RazorPageWarmed), "ReportService.Lines");

    [Fact]
    public void The_page_handlers_callee_that_blocks_is_the_culprit_with_its_line_and_chain()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.RazorPageWarmed)).Culprits[0];

        Assert.Equal("ReportService.Lines", top.Method);
        Assert.Equal(BlockingKind.SyncOverAsync, top.Kind);
        // The stack ends in Task.InternalWait (.Result's getter was inlined too); the IL's call says which API it was.
        Assert.Equal("Task.Result", top.Api);
        Assert.Equal("GET /Report", EntryText.Of(top.Entry));
        Assert.Equal(["ReportModel.OnGet", "ReportService.Lines"], top.ChainNames.TakeLast(2));
        Assert.Equal(CallSiteSource.Il, top.Site.Source);
        Assert.Equal(57, top.Site.Line);
        Assert.EndsWith("Program.cs", top.Site.File, StringComparison.Ordinal);
        Assert.Contains("found in the app's IL: ReportService.Lines calls Task.Result at Program.cs:57, reached from endpoint GET /Report", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
    }

    [Fact]
    public void The_razor_compilers_record_names_the_page_its_class_and_its_model()
    {
        var graph = AssemblyCallGraphReader.Read([Path.Combine(PackageFixtures.Directory, "razor-app", "UserApp.dll")]);

        var page = Assert.Single(graph.RazorPages);
        Assert.Equal(new RazorPage("UserApp", "/Pages/Report.cshtml", "AspNetCoreGeneratedDocument.Pages_Report", "UserApp.Pages.ReportModel"), page);
    }

    [Theory]
    [InlineData("GET", "/Report", new[] { "OnGet" })]
    [InlineData("HEAD", "/Report", new[] { "OnGet" })]
    [InlineData("POST", "/Report", new string[0])]
    [InlineData("GET", "/Other", new string[0])]
    public void A_page_request_maps_to_the_models_handlers_for_its_verb(string verb, string action, string[] expected)
    {
        var graph = AssemblyCallGraphReader.Read([Path.Combine(PackageFixtures.Directory, "razor-app", "UserApp.dll")]);

        var handlers = RazorPageHandlers.Of(graph, new RequestContext(verb, action, Action: action));

        Assert.Equal(expected, handlers.Select(h => h.Method));
        Assert.All(handlers, h => Assert.Equal("UserApp.Pages.ReportModel", h.TypeFullName));
    }

    [Theory]
    [InlineData("OnGet", "Get", true)]
    [InlineData("OnGetAsync", "Get", true)]
    [InlineData("OnGetExport", "Get", true)]
    [InlineData("OnGetter", "Get", false)]
    [InlineData("OnPost", "Get", false)]
    [InlineData("OnPostAsync", "Post", true)]
    public void Handler_names_follow_the_verb_as_ASP_NET_Core_selects_them(string method, string verb, bool handles)
    {
        var graph = new CallGraph([new IlMethod("App", "App.Pages.XModel", method, 1, [])], [])
        {
            RazorPages = [new RazorPage("App", "/Pages/X.cshtml", "AspNetCoreGeneratedDocument.Pages_X", "App.Pages.XModel")],
        };

        var handlers = RazorPageHandlers.Of(graph, new RequestContext(verb.ToUpperInvariant(), "/X", Action: "/X"));

        Assert.Equal(handles, handlers.Count == 1);
    }

    [Fact]
    public void A_page_path_is_no_method_name()
    {
        Assert.Null(EndpointNames.Handler(new RequestContext("GET", "/Report", Action: "/Report")));
        Assert.Equal("OrdersController.Get", EndpointNames.Handler(new RequestContext("GET", "/o", Action: "Shop.OrdersController.Get (Shop)")));
    }
}
