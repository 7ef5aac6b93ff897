using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.MSBuild;
using PoolDoctor.Fix.Workspace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// tests/apps/FixShapes: a blocking call in each function shape a culprit's chain goes through — an expression-bodied
/// member called from a minimal-API lambda (issue 34: the caller was awaited, the callee kept returning string, and the
/// compile check refused), a local function, an expression-bodied lambda handler, an interface's expression-bodied
/// implementation. Every plan is compiled before it is returned, so a plan here is a patch that builds; each test also
/// names the lines a reviewer would write.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class FunctionShapeFixTests(FunctionShapeFixTests.ShapesWorkspace app) : IClassFixture<FunctionShapeFixTests.ShapesWorkspace>
{
    private static string Project => TestApps.FixShapes;

    [Fact]
    public async Task An_expression_bodied_member_becomes_an_async_expression_body_and_its_lambda_caller_awaits_it()
    {
        await AssertPatchAddsAsync(
            Culprit("CatalogFacade.Get", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "ctx.RequestAborted).Result;",
            "lambda in Program.<Main>$", "CatalogFacade.Get"),
            rename: false,
            "public async Task<string> Get(HttpContext ctx, int id) => await http.GetStringAsync($\"/items/{id}\", ctx.RequestAborted);",
            "async (HttpContext ctx, int id, CatalogFacade catalog) => await catalog.Get(ctx, id));");
    }

    [Fact]
    public async Task An_expression_bodied_member_is_renamed_with_its_callers_when_asked()
    {
        await AssertPatchAddsAsync(
            Culprit("CatalogFacade.Get", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "ctx.RequestAborted).Result;",
            "lambda in Program.<Main>$", "CatalogFacade.Get"),
            rename: true,
            "public async Task<string> GetAsync(HttpContext ctx, int id) => await http.GetStringAsync(",
            "=> await catalog.GetAsync(ctx, id));");
    }

    [Fact]
    public async Task A_local_function_becomes_async_and_its_method_awaits_it()
    {
        await AssertPatchAddsAsync(
            Culprit("PriceBook.Total.Unit", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "PriceBook.cs", ".Result,",
            "lambda in Program.<Main>$", "PriceBook.Total", "PriceBook.Total.Unit"),
            rename: false,
            "async Task<decimal> Unit(string code) => decimal.Parse(await http.GetStringAsync($\"/prices/{code}\"), CultureInfo.InvariantCulture);",
            "var total = await Unit(sku) * quantity;",
            "public async Task<decimal> Total(string sku, int quantity)",
            "Results.Ok(await prices.Total(sku, 3))");
    }

    [Fact]
    public async Task An_expression_bodied_lambda_handler_becomes_an_async_lambda()
    {
        await AssertPatchAddsAsync(
            Culprit("Program.<Main>$", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "Program.cs", "catalog.NameAsync(id).Result",
            "lambda in Program.<Main>$"),
            rename: false,
            "app.MapGet(\"/names/{id:int}\", async (int id, CatalogFacade catalog) => (await catalog.NameAsync(id)).ToUpperInvariant());");
    }

    [Fact]
    public async Task An_interfaces_expression_bodied_implementation_changes_the_interface_and_its_expression_bodied_caller()
    {
        await AssertPatchAddsAsync(
            Culprit("HttpStockSource.Level", BlockingKind.SyncOverAsync, "TaskAwaiter<TResult>.GetResult", "StockBoard.cs", ".GetAwaiter().GetResult()",
            "lambda in Program.<Main>$", "StockBoard.Line", "HttpStockSource.Level"),
            rename: false,
            "Task<int> Level(string sku);",
            "public async Task<int> Level(string sku) => int.Parse(await clients.CreateClient(\"stock\").GetStringAsync(",
            "public async Task<string> Line(string sku) => $\"{sku}: {await source.Level(sku)}\";",
            "async (string sku, StockBoard board) => await board.Line(sku));");
    }

    [Fact]
    public async Task A_multi_line_expression_body_becomes_async()
    {
        await AssertPatchAddsAsync(
            Culprit("CatalogFacade.Describe", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "/text\").Result;",
            "lambda in Program.<Main>$", "CatalogFacade.Describe"),
            rename: false,
            "public async Task<string> Describe(int id) =>",
            "        await http.GetStringAsync($\"/items/{id}/text\");",
            "async (int id, CatalogFacade catalog) => await catalog.Describe(id));");
    }

    [Fact]
    public async Task A_static_expression_bodied_member_becomes_async()
    {
        await AssertPatchAddsAsync(
            Culprit("CatalogFacade.Fetch", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "/raw\").Result;",
            "lambda in Program.<Main>$", "CatalogFacade.Fetch"),
            rename: false,
            "public static async Task<string> Fetch(HttpClient client, int id) => await client.GetStringAsync(",
            "async (int id, IHttpClientFactory clients) => await CatalogFacade.Fetch(clients.CreateClient(), id));");
    }

    /// <summary>The plan for <paramref name="culprit"/> is not refused and its diff adds each of <paramref name="lines"/>.</summary>
    private async Task AssertPatchAddsAsync(Culprit culprit, bool rename, params string[] lines)
    {
        var plan = await SourceFixer.PlanAsync(app.Solution, culprit, Project, rename, CancellationToken.None);

        Assert.Null(plan.Refusal);
        var added = string.Join('\n', plan.Diff.Split('\n').Where(l => l.StartsWith('+')));
        foreach (var line in lines)
        {
            Assert.Contains(line, added, StringComparison.Ordinal);
        }
    }

    /// <summary>A culprit at the one line of <paramref name="file"/> that holds <paramref name="call"/>, with the chain a report gives.</summary>
    internal static Culprit Culprit(string method, BlockingKind kind, string api, string file, string call, params string[] chain)
    {
        var path = Path.Combine(Path.GetDirectoryName(Project)!, file);
        var lines = File.ReadAllLines(path);
        var at = Enumerable.Range(0, lines.Length).Where(i => lines[i].Contains(call, StringComparison.Ordinal)).ToList();
        Assert.True(at.Count == 1, $"{file}: '{call}' is on {at.Count} lines, not one");
        return TestApps.Written(method, kind, api, path, at[0] + 1) with { Chain = CulpritFrame.Named(chain) };
    }

    /// <summary>The app loaded once for these tests.</summary>
    public sealed class ShapesWorkspace : IAsyncLifetime
    {
        private MSBuildWorkspace? _workspace;

        public Solution Solution { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            await TestApps.EnsureRestoredAsync();
            (_workspace, Solution) = await SourceWorkspace.OpenAsync(Project, CancellationToken.None);
        }

        public Task DisposeAsync()
        {
            _workspace?.Dispose();
            return Task.CompletedTask;
        }
    }
}
