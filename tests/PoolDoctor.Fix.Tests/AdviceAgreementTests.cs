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
/// culprit with a source line in the recorded reports of FixShop, FixIo, FixData, FilterShop, HubShop and the lab (package
/// culprits included: <see cref="PackageDisagreement"/>), and the culprits the
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
        foreach (var (fixture, (path, _)) in RecordedReports)
        {
            var culprits = ReportReader.Read(Path.Combine(TestApps.Repo(), path));
            for (var i = 0; i < culprits.Count; i++)
            {
                // A culprit with no source line anywhere (a library frame, a lock in the runtime) has nothing to rewrite on either side.
                if (culprits[i].Site.Line is not null || culprits[i].Chain.Any(f => f.Source is not null))
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

    // The recorded reports whose app's source is in the repository: file name → (path in the repository, the project fix loads).
    private static readonly Dictionary<string, (string Path, string Project)> RecordedReports = Reports(
        ("tests/PoolDoctor.Fix.Tests/fixtures", TestApps.FixShop, ["shop-orders.json", "shop-products.json", "shop-prices.json", "shop-audit.json", "shop-stock.json", "shop-shipping.json", "shop-settings.json"]),
        ("tests/PoolDoctor.Fix.Tests/fixtures", TestApps.FixIo, ["fixio-customers.json", "fixio-count.json", "fixio-orders.json", "fixio-ship.json"]),
        ("tests/PoolDoctor.Fix.Tests/fixtures", TestApps.FixData, ["fixdata-discount.json", "fixdata-cheap.json", "fixdata-cheap-no-app-frame.json"]),
        ("tests/PoolDoctor.Fix.Tests/fixtures", TestApps.Lab, ["lab-mvc-taskwait.json", "lab-minimal-taskwait.json"]),
        ("tests/PoolDoctor.Tests/fixtures/doctor", TestApps.Lab, ["taskwait-inlined-report.json", "taskwait-recorded-report.json", "taskwait-attached-125-report.json"]),
        ("tests/PoolDoctor.Tests/fixtures/packages", TestApps.FilterShop, ["filter-loop.report.json"]),
        ("tests/PoolDoctor.Tests/fixtures/packages", TestApps.HubShop, ["hub-method-live.report.json", "hub-method-warmed.report.json"]));

    private static Dictionary<string, (string, string)> Reports(params (string Folder, string Project, string[] Files)[] groups) =>
        groups.SelectMany(g => g.Files.Select(f => (f, (g.Folder + "/" + f, g.Project)))).ToDictionary(x => x.f, x => x.Item2);

    /// <summary>
    /// The recorded fixtures with a culprit on a user's line that are not compared here, and why. Every report with a user line and every trace
    /// under the tests' fixtures is either in <see cref="RecordedReports"/> or here (<see cref="Every_recorded_fixture_is_compared_or_named"/>).
    /// </summary>
    private static readonly Dictionary<string, string> NotCompared = new()
    {
        ["razor-view.json"] = "compared by Fix_refusing_a_razor_view_quotes_the_advices_line (markup: fix refuses and quotes the advice's line)",
        ["slackbotmessages-2.0.0.json"] = "the app's source is not in the repository (slack-app/ holds its build only); fix refuses before reading it (AwaitedPackageRefusalTests)",
        ["view-component-warmed.nettrace.gz"] = "UserApp's source is not in the repository (viewcomponent-app/ holds its build only); the shape is compared on FixIo's RateCardViewComponent (fixio:view-component)",
        ["razor-page-warmed.nettrace.gz"] = "UserApp's source is not in the repository (razor-app/ holds its build only); markup is compared on razor-view.json",
        ["slackbotmessages-2.0.0.nettrace.gz"] = "public package app, source not in the repository; its report is slackbotmessages-2.0.0.json",
        ["slackbotmessages-2.0.0-warmed.nettrace.gz"] = "public package app, source not in the repository",
        ["mysql-8.0.19.nettrace.gz"] = "public package app recorded by hand, source not in the repository",
        ["mysql-8.0.19-warmed.nettrace.gz"] = "public package app recorded by hand, source not in the repository",
        ["healthchecks-redis-2.2.3-warmed.nettrace.gz"] = "public package app, source not in the repository; no user frame (the framework runs the check)",
        ["redisratelimiting-1.0.11.nettrace.gz"] = "public package built from a fetched source never committed; no user frame (UseRateLimiter runs it)",
        ["quota-limiter-warmed.nettrace.gz"] = "a package culprit read by DevirtualizedOverrideFixtureTests; fix refuses it with the package's advice, as for the cold quota-limiter capture",
        ["raygun-11.0.3-warmed.nettrace.gz"] = "public package app (Raygun4Net.AspNetCore 11.0.3), source not in the repository; the culprit is the package's worker",
        ["healthchecks-network-smtp-7.0.0-pre.nettrace.gz"] = "public package app built from a fetched source never committed; the framework runs the health check",
        ["redis-window.nettrace.gz"] = "no user frame: the rate limiter runs under UseRateLimiter",
        ["redis-window-warmed.nettrace.gz"] = "no user frame: the rate limiter runs under UseRateLimiter",
        ["audit-log.nettrace.gz"] = "a trace with no recorded report: the user's line (the handler's LogInformation) would need the trace analysed here, not done yet",
        ["audit-log-warmed.nettrace.gz"] = "a trace with no recorded report (as audit-log.nettrace.gz)",
        ["order-store.nettrace.gz"] = "a trace with no recorded report: PackagedOrders' call into ShopKit.OrderStore would need the trace analysed here, not done yet",
        ["order-store-warmed.nettrace.gz"] = "a trace with no recorded report (as order-store.nettrace.gz)",
        ["quota-limiter.nettrace.gz"] = "its report is quota-limiter-1.0.0.json, whose culprits have no source line (the package's internal twin: fix refuses, InternalTwinRefusalTests)",
        ["fixdata-cheap.nettrace.gz"] = "its report is fixdata-cheap.json (compared)",
        ["filter-loop.nettrace.gz"] = "its report is filter-loop.report.json (compared)",
        ["hub-method-warmed.nettrace.gz"] = "its report is hub-method-warmed.report.json (compared)",
    };

    // Traces under these folders are of the lab (release/, stacks/) or ShopApi (shopapi/): a trace with no recorded
    // report would need the analysis run here; the lab's culprits are compared on lab-*.json and the lab routes below.
    private static readonly Dictionary<string, string> NotComparedFolders = new()
    {
        ["release"] = "lab traces with no recorded report: the lab's shapes are compared on lab-*.json, taskwait-inlined-report.json and the lab routes",
        ["stacks"] = "stack-reading traces (lab and dotnet-trace samples) with no recorded report",
        ["shopapi"] = "ShopApi traces with no recorded report: the analysis would have to run here, not done yet",
    };

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

        if (culprit.Package is not null && culprit.Kind != BlockingKind.Lock)
        {
            return PackageDisagreement(name, culprit, advice, plan);
        }
        if (plan.Refused)
        {
            // Nothing patched: the advice stands alone (a lock the runtime holds, a line of no rewrite).
            return null;
        }
        // A lock's advice is the SemaphoreSlim pattern, its rewrite fix's alone (LockRewrite).
        if (culprit.Kind == BlockingKind.Lock)
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
    /// A culprit inside a package: the advice writes no lines of the package's code, and `fix` patches the app's call
    /// into it (the chain's last frame with a source line) or refuses. They agree when the patch is at the place the advice
    /// says the user can change (its user frame), awaits the call's twin when the advice names one, and, when fix
    /// refuses, both point to the same thing: the package's callable twin, or its version.
    /// </summary>
    private static string? PackageDisagreement(string name, Culprit culprit, CulpritAdvice advice, FixPlan plan)
    {
        var text = advice.Headline + " " + advice.Explanation;
        var packageTwin = culprit.PackageTwin?.CallableTwin;
        if (plan.Refused)
        {
            var pointsToTwin = packageTwin is not null && plan.Refusal!.Contains(packageTwin, StringComparison.Ordinal);
            var adviceTwin = packageTwin is not null && text.Contains(packageTwin, StringComparison.Ordinal);
            return pointsToTwin == adviceTwin && plan.Refusal!.Contains("upgrade", StringComparison.Ordinal) && text.Contains("upgrade", StringComparison.OrdinalIgnoreCase)
                ? null
                : $"{name}: fix refuses ({plan.Refusal}) pointing elsewhere than the advice ({advice.Headline})";
        }
        var last = Enumerable.Range(0, culprit.Chain.Count).LastOrDefault(i => culprit.Chain[i].Source is not null, -1);
        if (last < 0)
        {
            return $"{name}: fix patches {plan.Culprit} but the culprit's chain has no frame with a source line";
        }
        var frame = culprit.Chain[last].Source!;
        if (culprit.UserFrame != culprit.Chain[last].Method || !text.Contains($"What you can change today: {culprit.UserFrame} ", StringComparison.Ordinal))
        {
            return $"{name}: fix patches {culprit.Chain[last].Method} ({plan.Culprit}), the advice points to {culprit.UserFrame ?? "no frame of the app"}:\n{text}";
        }
        if (plan.Culprit?.EndsWith($"{Path.GetFileName(frame.File)}:{frame.Line}", StringComparison.Ordinal) != true)
        {
            return $"{name}: fix patches {plan.Culprit}, not the user's call at {Path.GetFileName(frame.File)}:{frame.Line}";
        }
        if (culprit.UserCallTwin?.CallableTwin is { } twin && !plan.Diff.Split('\n').Any(l => l.StartsWith('+') && l.Contains(twin, StringComparison.Ordinal)))
        {
            return $"{name}: the advice names {twin} for the call into the package, the patch does not await it:\n{plan.Diff}";
        }
        return null;
    }

    /// <summary>Every recorded report and trace under the tests' fixtures is compared here or named with the reason it is not.</summary>
    [Fact]
    public void Every_recorded_fixture_is_compared_or_named()
    {
        var fixtures = Path.Combine(TestApps.Repo(), "tests");
        var unnamed = new List<string>();
        foreach (var file in Directory.EnumerateFiles(fixtures, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(fixtures, file).Replace('\\', '/');
            var folders = relative.Split('/');
            if (!folders.Contains("fixtures") || folders.Contains("bin") || folders.Contains("obj"))
            {
                continue;
            }
            var name = Path.GetFileName(file);
            var isTrace = name.EndsWith(".nettrace.gz", StringComparison.Ordinal) || name.EndsWith(".nettrace", StringComparison.Ordinal);
            if (!isTrace && !(name.EndsWith(".json", StringComparison.Ordinal) && HasUserLine(file)))
            {
                continue;
            }
            if (!RecordedReports.ContainsKey(name) && !NotCompared.ContainsKey(name) && !(isTrace && folders.Any(NotComparedFolders.ContainsKey)))
            {
                unnamed.Add(relative);
            }
        }
        Assert.True(unnamed.Count == 0, "recorded fixtures neither compared nor named in NotCompared:\n" + string.Join("\n", unnamed));
        Assert.All(NotCompared.Keys, k => Assert.False(RecordedReports.ContainsKey(k), $"{k} is both compared and named as not"));
    }

    // A report.json with a culprit on a user's line: an object with a "culprits" array, one of which has a "line" of its
    // own or in its chain (stack snapshots, deps.json files and reports with no source line have nothing to compare).
    private static bool HasUserLine(string file)
    {
        try
        {
            using var json = System.Text.Json.JsonDocument.Parse(File.ReadAllBytes(file));
            static bool Line(System.Text.Json.JsonElement e) => e.ValueKind == System.Text.Json.JsonValueKind.Object
                && e.TryGetProperty("line", out var line) && line.ValueKind == System.Text.Json.JsonValueKind.Number;
            return json.RootElement.ValueKind == System.Text.Json.JsonValueKind.Object
                && json.RootElement.TryGetProperty("culprits", out var culprits) && culprits.ValueKind == System.Text.Json.JsonValueKind.Array
                && culprits.EnumerateArray().Any(c => Line(c)
                    || c.ValueKind == System.Text.Json.JsonValueKind.Object && c.TryGetProperty("chainFrames", out var chain)
                        && chain.ValueKind == System.Text.Json.JsonValueKind.Array && chain.EnumerateArray().Any(Line));
        }
        catch (System.Text.Json.JsonException)
        {
            return false;
        }
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
        var (path, project) = RecordedReports[fixture];
        return (ReportReader.Read(Path.Combine(TestApps.Repo(), path))[number - 1], project);
    }

    // The advice as diagnose gives it, from the lines diagnose would read (the culprit's file as the workspace maps it).
    private static CulpritAdvice Advice(Culprit culprit, Solution? solution)
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
        var withLines = culprit with { Share = 1, Threads = Math.Max(1, culprit.Threads), Excerpt = SourceExcerptReader.Around(sources, culprit.Site.File, culprit.Site.Line) };
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
                if (project == TestApps.FilterShop || project == TestApps.HubShop)
                {
                    await TestApps.RestoreAsync(project); // not among the apps every Fix test restores
                }
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
