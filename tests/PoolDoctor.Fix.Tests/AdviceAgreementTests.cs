using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.MSBuild;
using PoolDoctor.Analysis.Advice;
using PoolDoctor.Fix.Reports;
using PoolDoctor.Fix.Workspace;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The report's advice and `fix`'s patch are two engines over one set of rules (Analysis/Rewrite/AsyncRewriteRules):
/// the advice rewrites the user's lines as text in `diagnose` (no Roslyn there), `fix` rewrites the syntax. Over every
/// culprit with a source line in the recorded reports of FixShop, FixIo, FixData and the lab, and the culprits the
/// other tests write from the source (FixIo's shapes no load names, the view component, the lab's routes), the advice
/// is computed from the same lines diagnose would read and the patch from the same sources, and every line the advice's
/// "after" shows must be the patched file's line at that place. A culprit `fix` rewrites must have a rewrite in the
/// advice too (its "after" may not be a pattern). The Razor view (no workspace document: `fix` refuses and says where
/// to await) must quote the advice's line.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class AdviceAgreementTests(AdviceAgreementTests.Apps apps) : IClassFixture<AdviceAgreementTests.Apps>
{
    /// <summary>The recorded reports whose apps are here, and the culprits written from the source, by name.</summary>
    public static TheoryData<string> Culprits()
    {
        var data = new TheoryData<string>();
        foreach (var fixture in RecordedFixtures)
        {
            var culprits = ReportReader.Read(TestApps.Fixture(fixture));
            for (var i = 0; i < culprits.Count; i++)
            {
                // A culprit with no source line anywhere (a library frame, a lock in the runtime) has nothing to rewrite on either side.
                if (culprits[i].Site.Line is not null || culprits[i].ChainSources.Any(s => s is not null))
                {
                    data.Add($"{fixture}#{i + 1}");
                }
            }
        }
        foreach (var name in Written.Keys)
        {
            data.Add(name);
        }
        return data;
    }

    private static readonly string[] RecordedFixtures =
    [
        "shop-orders.json", "shop-products.json", "shop-prices.json", "shop-audit.json", "shop-stock.json", "shop-shipping.json", "shop-settings.json",
        "fixio-customers.json", "fixio-count.json", "fixio-orders.json", "fixio-ship.json",
        "fixdata-discount.json", "fixdata-cheap.json", "fixdata-cheap-no-app-frame.json",
        "lab-mvc-taskwait.json", "lab-minimal-taskwait.json",
    ];

    private static readonly Dictionary<string, Func<(Culprit Culprit, string Project)>> Written = new()
    {
        ["fixio:view-component"] = () => (FixIoWorkspace.Culprit("RateCardViewComponent.Invoke", BlockingKind.SyncOverAsync, "Task.Result", "Rates/RateCardViewComponent.cs", "source.FetchAsync(currency).Result"), TestApps.FixIo),
        ["fixio:ado-open"] = () => (FixIoWorkspace.Culprit("CustomerStore.Find", BlockingKind.SyncIO, "DbConnection.Open", "Customers/CustomerStore.cs", "connection.Open();", "CustomersController.Get", "CustomerStore.Find"), TestApps.FixIo),
        ["fixio:stream-read"] = () => (FixIoWorkspace.Culprit("ReceiptArchive.Load", BlockingKind.SyncIO, "FileStream.Read", "Receipts/ReceiptArchive.cs", "file.Read(content, read"), TestApps.FixIo),
        ["fixio:stream-write"] = () => (FixIoWorkspace.Culprit("ReceiptArchive.Save", BlockingKind.SyncIO, "FileStream.Write", "Receipts/ReceiptArchive.cs", "file.Write(content"), TestApps.FixIo),
        ["fixio:semaphore"] = () => (FixIoWorkspace.Culprit("ExportThrottle.Run", BlockingKind.SyncWait, "SemaphoreSlim.Wait", "Quotas/ExportThrottle.cs", "_slots.Wait();", "ExportEndpoints.Export", "ExportThrottle.Run"), TestApps.FixIo),
        ["fixio:valuetask"] = () => (FixIoWorkspace.Culprit("RateCache.GetAsync", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "Rates/RateCache.cs", ".Result;"), TestApps.FixIo),
        ["lab:inline-middleware"] = () => (LabRouteFixTests.Culprit("TenantMiddleware.UseTenantLookup", BlockingKind.SyncOverAsync, "Task.Result", "Middleware/TenantMiddleware.cs", "tenants.FindAsync(context.Request.Host.Value ?? \"\").Result"), TestApps.Lab),
        ["lab:mvc-filter"] = () => (LabRouteFixTests.Culprit("QuotaFilter.OnActionExecuting", BlockingKind.SyncOverAsync, "Task.Result", "Mvc/QuotaFilter.cs", "quota.HasQuotaAsync(caller).Result"), TestApps.Lab),
        ["lab:endpoint-filter"] = () => (LabRouteFixTests.Culprit("QuotaEndpointFilter.InvokeAsync", BlockingKind.SyncOverAsync, "Task.Result", "Minimal/QuotaEndpointFilter.cs", "quota.HasQuotaAsync(caller).Result"), TestApps.Lab),
        ["lab:hosted-wait-token"] = () => (LabRouteFixTests.Culprit("StockSyncWorker.SyncStock", BlockingKind.SyncOverAsync, "Task.Wait", "Background/StockSyncWorker.cs", "feed.NextBatchAsync(stoppingToken).Wait(stoppingToken)"), TestApps.Lab),
        ["shapes:expression-bodied"] = () => (FunctionShapeFixTests.Culprit("CatalogFacade.Get", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "ctx.RequestAborted).Result;", "lambda in Program.<Main>$", "CatalogFacade.Get"), TestApps.FixShapes),
        ["shapes:expression-bodied-multi-line"] = () => (FunctionShapeFixTests.Culprit("CatalogFacade.Describe", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "/text\").Result;", "lambda in Program.<Main>$", "CatalogFacade.Describe"), TestApps.FixShapes),
        ["shapes:expression-bodied-static"] = () => (FunctionShapeFixTests.Culprit("CatalogFacade.Fetch", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "CatalogFacade.cs", "/raw\").Result;", "lambda in Program.<Main>$", "CatalogFacade.Fetch"), TestApps.FixShapes),
        ["shapes:local-function"] = () => (FunctionShapeFixTests.Culprit("PriceBook.Total.Unit", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "PriceBook.cs", ".Result,", "lambda in Program.<Main>$", "PriceBook.Total"), TestApps.FixShapes),
        ["shapes:lambda-handler"] = () => (FunctionShapeFixTests.Culprit("Program.<Main>$", BlockingKind.SyncOverAsync, "Task<TResult>.Result", "Program.cs", "catalog.NameAsync(id).Result", "lambda in Program.<Main>$"), TestApps.FixShapes),
        ["shapes:interface-implementation"] = () => (FunctionShapeFixTests.Culprit("HttpStockSource.Level", BlockingKind.SyncOverAsync, "TaskAwaiter<TResult>.GetResult", "StockBoard.cs", ".GetAwaiter().GetResult()", "lambda in Program.<Main>$", "StockBoard.Line"), TestApps.FixShapes),
        ["lab:taskrun-nonquery"] = () => (LabRouteFixTests.Culprit("PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery", "Database/PostgresLabDatabase.cs", "        command.ExecuteNonQuery();"), TestApps.Lab),
    };

    /// <summary>
    /// Where the advice, on text alone, cannot yet say what the patch does; each still disagrees (the test fails when one
    /// agrees, so it leaves this list), and each is said in the report's advice as a pattern or a partial rewrite.
    /// </summary>
    private static readonly Dictionary<string, string> KnownDisagreements = new()
    {
    };

    [Theory]
    [MemberData(nameof(Culprits))]
    public async Task The_advices_after_is_the_patchs_lines(string name)
    {
        var disagreement = await DisagreementAsync(name);

        if (KnownDisagreements.TryGetValue(name, out var known))
        {
            Assert.True(disagreement is not null, $"{name} now agrees ({known}): remove it from KnownDisagreements");
        }
        else
        {
            Assert.True(disagreement is null, disagreement);
        }
    }

    // Null when the advice's after is the patch's lines (or there is no patch, or no rewrite to compare); else why not.
    private async Task<string?> DisagreementAsync(string name)
    {
        var (culprit, project) = Case(name);
        var solution = await apps.SolutionAsync(project);

        var plan = await SourceFixer.PlanAsync(solution, culprit, project, rename: false, CancellationToken.None);
        var advice = Advice(culprit, solution);

        if (plan.Refused)
        {
            // Nothing patched: the advice stands alone (a package's code, a lock the runtime holds, a line of no rewrite).
            return null;
        }
        // A package's culprit is advised at the package's API (diagnose reads no lines of the app's call into it); a lock's
        // advice is the SemaphoreSlim pattern, its rewrite fix's alone (LockRewrite).
        if (culprit.Package is not null || culprit.Kind == BlockingKind.Lock)
        {
            return null;
        }
        if (advice.Code != AdviceCode.Source)
        {
            return $"{name}: fix patches {plan.Culprit}, but the advice shows no rewrite of those lines ({advice.Code}: {advice.CodeNote})";
        }
        var file = plan.ChangedFiles.SingleOrDefault(f => SameFile(f.Path, advice.SourceFile!, solution));
        if (file is null)
        {
            return $"{name}: the patch does not change {advice.SourceFile}, the file the advice rewrites:\n{plan.Diff}";
        }
        var disagreements = LineAgreement.Disagreements(advice.After, file.OldText, file.NewText);
        return disagreements.Count == 0 ? null
            : $"{name}: the advice's after and the patch differ:\n{string.Join("\n", disagreements)}\n\nadvice after:\n{advice.After}\n\npatch:\n{plan.Diff}";
    }

    /// <summary>
    /// The Razor view (fixtures/razor-view.json, with its lines as the report's advice shows them): Razor compiles markup
    /// to C# no workspace holds, so `fix` refuses it, and says where to await: the advice's own line.
    /// </summary>
    [Fact]
    public async Task Fix_refusing_a_razor_view_quotes_the_advices_line()
    {
        var recorded = ReportReader.Read(TestApps.Fixture("razor-view.json"))[0];
        var view = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-razor-").FullName, "Dashboard.cshtml");
        await File.WriteAllTextAsync(view, "@model UserApp.Controllers.DashboardModel\n<h1>Dashboard</h1>\n<p>EUR: @Model.EuroRate().Result</p>\n");
        var culprit = TestApps.AtLine(recorded with { Site = recorded.Site with { File = view } }, 3);

        var advice = Advice(culprit, null);
        var plan = await SourceFixer.PlanAsync(apps.Any, culprit, TestApps.FixShop, rename: false, CancellationToken.None);

        Assert.Equal(AdviceCode.Source, advice.Code);
        var line = advice.After.Split('\n').Single(l => l.StartsWith("   3 | ", StringComparison.Ordinal))["   3 | ".Length..];
        Assert.Equal("<p>EUR: @await Model.EuroRate()</p>", line);
        Assert.NotNull(plan.Refusal);
        Assert.Contains($"await it there: `{line.Trim()}`", plan.Refusal, StringComparison.Ordinal);
    }

    private static (Culprit Culprit, string Project) Case(string name)
    {
        if (Written.TryGetValue(name, out var written))
        {
            return written();
        }
        var (fixture, number) = (name.Split('#')[0], int.Parse(name.Split('#')[1], System.Globalization.CultureInfo.InvariantCulture));
        var project = fixture.Split('-')[0] switch
        {
            "shop" => TestApps.FixShop,
            "fixio" => TestApps.FixIo,
            "fixdata" => TestApps.FixData,
            _ => TestApps.Lab,
        };
        return (ReportReader.Read(TestApps.Fixture(fixture))[number - 1], project);
    }

    // The advice as diagnose gives it, from the lines diagnose would read (the culprit's file as the workspace maps it).
    private static FixAdvice Advice(Culprit culprit, Solution? solution)
    {
        var sources = new Dictionary<string, string>();
        if (culprit.Site.File is { } file)
        {
            var local = solution is null ? file : SourcePaths.Map(solution, file)?.FilePath;
            if (local is not null && File.Exists(local))
            {
                sources[file] = File.ReadAllText(local);
            }
        }
        var withLines = culprit with { Share = 1, Threads = Math.Max(1, culprit.Threads), Excerpt = SourceExcerpts.Around(sources, culprit.Site.File, culprit.Site.Line) };
        return AdviceBuilder.Build(VerdictKind.Starving, [withLines], [], cores: 2).Fixes[0];
    }

    private static bool SameFile(string patched, string reported, Solution solution) =>
        SourcePaths.Map(solution, reported)?.FilePath is { } local && Path.GetFullPath(local) == Path.GetFullPath(patched);

    /// <summary>The four apps, each loaded once, when a case first needs it.</summary>
    public sealed class Apps : IAsyncLifetime
    {
        private readonly Dictionary<string, (MSBuildWorkspace Workspace, Solution Solution)> _loaded = [];

        public Solution Any => _loaded.Values.First().Solution;

        public async Task<Solution> SolutionAsync(string project)
        {
            if (!_loaded.TryGetValue(project, out var app))
            {
                app = await SourceWorkspace.OpenAsync(project, CancellationToken.None);
                _loaded[project] = app;
            }
            return app.Solution;
        }

        public async Task InitializeAsync()
        {
            await TestApps.EnsureRestoredAsync();
            await SolutionAsync(TestApps.FixShop);
        }

        public Task DisposeAsync()
        {
            foreach (var (workspace, _) in _loaded.Values)
            {
                workspace.Dispose();
            }
            return Task.CompletedTask;
        }
    }
}
