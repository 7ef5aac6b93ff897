using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// What the JIT inlined into a sampled frame, read at the frame's IL offset in this test assembly's sample shop
/// (Samples/Prices: their own namespace, so the shop's candidate lists stay as they are): the statement's own blocking call, or the user methods it calls that reach the API.
/// </summary>
public class InlinedAtOffsetTests
{
    private static readonly BlockingApi TaskResult =
        BlockingApiTable.Classify(FrameNameParser.Parse("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)"))!;

    private const string Module = "PoolDoctor.Tests";
    private const string Prices = "PoolDoctor.Tests.Samples.Prices";

    private static IlMethod Method(string type, string method) =>
        Graph.Methods.Single(m => m.TypeFullName == Prices + "." + type && m.Method == method);

    // The IL offset where the method's n-th statement starts, as the JIT's map gives a frame in it.
    private static IlPosition Statement(string method, int n)
    {
        var body = Method("PriceHandlers", method);
        return new IlPosition(Module, body.Token, body.SequencePoints[n].IlOffset);
    }

    [Fact]
    public void The_statement_at_the_offset_names_the_inlined_helper_that_blocks_not_the_one_before_it()
    {
        var at = new CallSiteResolver(Graph).At(Statement("Quote", 1), TaskResult);

        var site = Assert.Single(at!.Sites);
        Assert.Equal("PriceSource.Primary", site.Method.Owner);
        Assert.Equal(["PriceSource.Primary"], site.Chain.Select(f => f.Name.Owner));
        Assert.StartsWith("PriceSource.cs:", site.First.FileAndLine, StringComparison.Ordinal);
        Assert.Null(at.Direct);
    }

    [Fact]
    public void A_statement_whose_calls_reach_no_blocking_call_recovers_nothing()
    {
        var at = new CallSiteResolver(Graph).At(Statement("Quote", 0), TaskResult);

        Assert.Empty(at!.Sites);
        Assert.Null(at.Direct);
    }

    [Fact]
    public void Two_helpers_in_one_statement_that_both_block_are_both_candidates()
    {
        var at = new CallSiteResolver(Graph).At(Statement("Either", 0), TaskResult);

        Assert.Equal(2, at!.Sites.Count);
        Assert.Contains(at.Sites, s => s.Method.Owner == "PriceSource.Primary");
        Assert.Contains(at.Sites, s => s.Method.Owner == "PriceSource.Fallback");
    }

    [Fact]
    public void A_statement_that_blocks_itself_is_the_call_site_even_when_a_later_one_calls_a_blocking_helper()
    {
        var at = new CallSiteResolver(Graph).At(Statement("Own", 0), TaskResult);

        Assert.Empty(at!.Sites);
        Assert.Equal("Task.Result", at.Direct!.Api.Api);
        Assert.Equal(Method("PriceHandlers", "Own").SequencePoints[0].Line, at.Direct.First.Line);
    }

    [Fact]
    public void Without_a_PDB_the_first_call_from_the_offset_on_that_reaches_the_API_is_taken()
    {
        var noLines = Graph with { Methods = [.. Graph.Methods.Select(m => m with { SequencePoints = [] })] };
        var quote = Method("PriceHandlers", "Quote");

        var at = new CallSiteResolver(noLines).At(new IlPosition(Module, quote.Token, 0), TaskResult);

        Assert.Equal("PriceSource.Primary", Assert.Single(at!.Sites).Method.Owner);
    }

    [Fact]
    public void A_frame_the_graph_did_not_read_gives_no_answer()
    {
        Assert.Null(new CallSiteResolver(Graph).At(new IlPosition("Other.Assembly", 0x06000001, 0), TaskResult));
        Assert.Null(new CallSiteResolver(CallGraph.Empty).At(Statement("Quote", 1), TaskResult));
    }

    [Fact]
    public void The_analyzer_names_the_inlined_helper_from_a_sampled_frame_with_its_offset()
    {
        var quote = Method("PriceHandlers", "Quote");
        var sampled = new StackFrame(Module, Prices + ".PriceHandlers.Quote(int32)") { MethodToken = quote.Token, IlOffset = quote.SequencePoints[1].IlOffset };
        var stack = new ThreadStack(1, [
            new StackFrame("System.Private.CoreLib", "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)"),
            sampled,
            new StackFrame("Anonymously Hosted DynamicMethods Assembly", "dynamicClass.lambda_method9(pMT: 0x7fde2040dae8,class System.Object,class System.Object[])"),
            .. SyntheticStacks.Frames(SyntheticStacks.PoolDispatch),
        ], 100);
        var snapshot = SyntheticStacks.Snapshot([stack]) with
        {
            CallGraph = Graph,
            Modules = [new ModuleInfo(Module, AssemblyPath, ModuleOrigin.App)],
        };

        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("PriceSource.Primary", culprit.Method);
        Assert.Equal(["PriceHandlers.Quote", "PriceSource.Primary"], culprit.ChainNames);
        Assert.Equal(CallSiteSource.Il, culprit.Site.Source);
        Assert.Equal("Task.Result", culprit.Api);
        Assert.StartsWith("inlined by the JIT into PriceHandlers.Quote (its statement at IL_", CallSiteNoteText.Line(culprit.Site.Note), StringComparison.Ordinal);
    }

    [Fact]
    public void Without_its_offset_the_sampled_frame_stays_the_call_site()
    {
        var sampled = new StackFrame(Module, Prices + ".PriceHandlers.Quote(int32)");
        var stack = new ThreadStack(1, [
            new StackFrame("System.Private.CoreLib", "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)"),
            sampled,
            .. SyntheticStacks.Frames(SyntheticStacks.PoolDispatch),
        ], 100);
        var snapshot = SyntheticStacks.Snapshot([stack]) with
        {
            CallGraph = Graph,
            Modules = [new ModuleInfo(Module, AssemblyPath, ModuleOrigin.App)],
        };

        var culprit = CulpritAnalyzer.Analyze(snapshot).Culprits[0];

        Assert.Equal("PriceHandlers.Quote", culprit.Method);
        Assert.Equal(CallSiteSource.Stack, culprit.Site.Source);
    }
}
