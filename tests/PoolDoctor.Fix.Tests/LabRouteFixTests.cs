using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.MSBuild;
using PoolDoctor.Fix.Workspace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// The lab's blocking routes whose fix `bench/fix-verify.sh` found refused or wrong: each culprit is the one the route's
/// report names (method, kind, API, the call site's line found by its text), and the plan must compile — every plan
/// is compiled before it is returned — and contain the rewrite that made the route Healthy under load.
/// </summary>
[Collection(FixCollection.Name)]
public sealed class LabRouteFixTests(LabRouteFixTests.LabWorkspace lab) : IClassFixture<LabRouteFixTests.LabWorkspace>
{
    // Inline middleware, `branch.Use((context, next) => { ... .Result; return next(context); })`: the lambda returns the
    // next step's Task, so as an async lambda its return must become an await (CS8031 refused the fix before).
    [Fact]
    public async Task Inline_middleware_returning_next_becomes_an_async_lambda_that_awaits_next()
    {
        var culprit = Culprit("TenantMiddleware.UseTenantLookup", BlockingKind.SyncOverAsync, "Task.Result", "Middleware/TenantMiddleware.cs",
            "tenants.FindAsync(context.Request.Host.Value ?? \"\").Result");

        var plan = await PlanAsync(culprit);

        Assert.Null(plan.Refusal);
        var added = Added(plan);
        Assert.Contains("branch.Use(async (context, next) =>", added, StringComparison.Ordinal);
        Assert.Contains("await tenants.FindAsync(context.Request.Host.Value ?? \"\");", added, StringComparison.Ordinal);
        Assert.Contains("            await next(context);", added, StringComparison.Ordinal);
        Assert.DoesNotContain("return next(context)", added, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_mvc_IActionFilter_blocking_in_OnActionExecuting_becomes_an_IAsyncActionFilter()
    {
        var culprit = Culprit("QuotaFilter.OnActionExecuting", BlockingKind.SyncOverAsync, "Task.Result", "Mvc/QuotaFilter.cs", "quota.HasQuotaAsync(caller).Result");

        var plan = await PlanAsync(culprit);

        Assert.Null(plan.Refusal);
        Assert.Contains("IAsyncActionFilter", Added(plan), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_minimal_IEndpointFilter_blocking_in_InvokeAsync_becomes_async()
    {
        var culprit = Culprit("QuotaEndpointFilter.InvokeAsync", BlockingKind.SyncOverAsync, "Task.Result", "Minimal/QuotaEndpointFilter.cs", "quota.HasQuotaAsync(caller).Result");

        var plan = await PlanAsync(culprit);

        Assert.Null(plan.Refusal);
        Assert.Contains("async ValueTask<object?> InvokeAsync", Added(plan), StringComparison.Ordinal);
    }

    // A BackgroundService's consumer doing `.Wait(stoppingToken)`, run by Task.Run: Wait(token) becomes
    // `await ….WaitAsync(token)` (it was refused as "Task.Wait with a timeout or token"), the consumer async Task, and
    // the Task.Run lambda an async lambda (the Func<Task> overload).
    [Fact]
    public async Task A_wait_with_a_token_in_a_hosted_service_becomes_WaitAsync()
    {
        var culprit = Culprit("StockSyncWorker.SyncStock", BlockingKind.SyncOverAsync, "Task.Wait", "Background/StockSyncWorker.cs", "feed.NextBatchAsync(stoppingToken).Wait(stoppingToken)");

        var plan = await PlanAsync(culprit);

        Assert.Null(plan.Refusal);
        var added = Added(plan);
        Assert.Contains("await feed.NextBatchAsync(stoppingToken).WaitAsync(stoppingToken);", added, StringComparison.Ordinal);
        Assert.Contains("private async Task SyncStock(long until, CancellationToken stoppingToken)", added, StringComparison.Ordinal);
        Assert.Contains("Task.Run(async () => await SyncStock(until, stoppingToken))", added, StringComparison.Ordinal);
    }

    // A System.Threading.Timer callback is a void delegate: the method cannot become async Task, and async void would
    // let the refresh's exceptions crash the process. Refused in one line, nothing written.
    [Fact]
    public async Task A_timer_callback_is_refused()
    {
        var culprit = Culprit("PriceRefreshTimer.OnTick", BlockingKind.SyncOverAsync, "Task.Result", "Background/PriceRefreshTimer.cs", "pricing.GetPriceAsync(\"all\", CancellationToken.None).Result");

        var plan = await PlanAsync(culprit);

        AssertRefusedInOneLine(plan, "PriceRefreshTimer.cs:");
    }

    // A DI factory lambda doing .Result: made async it compiled as AddScoped<Task<TenantContext>>, registering a Task
    // instead of the service. Refused, naming the call and its type argument.
    [Fact]
    public async Task A_di_factory_lambda_is_refused_not_turned_into_a_task_registration()
    {
        var culprit = Culprit("LabApp.AddShop", BlockingKind.SyncOverAsync, "Task.Result", "LabApp.cs", "FindAsync(\"shop\").Result");

        var plan = await PlanAsync(culprit);

        AssertRefusedInOneLine(plan, "the lambda passed to AddScoped<TenantContext> at LabApp.cs:");
    }

    // The check binds the call again with the lambda made async: Task.Run<T>(Func<T>) keeps T (its Func<Task<T>>
    // overload unwraps), so the lab's db/taskrun lambda is still rewritten.
    [Fact]
    public async Task A_TaskRun_lambda_keeps_its_type_argument_and_is_rewritten()
    {
        var culprit = Culprit("PostgresLabDatabase.ExecuteNonQuery", BlockingKind.SyncIO, "NpgsqlCommand.ExecuteNonQuery", "Database/PostgresLabDatabase.cs", "        command.ExecuteNonQuery();");

        var plan = await PlanAsync(culprit);

        Assert.Null(plan.Refusal);
        Assert.Contains("await Task.Run(async () => await db.ExecuteNonQuery())", Added(plan), StringComparison.Ordinal);
    }

    private Task<FixPlan> PlanAsync(Culprit culprit) =>
        SourceFixer.PlanAsync(lab.Solution, culprit, TestApps.Lab, rename: false, CancellationToken.None);

    // A refusal is one line naming the construct's place, and nothing is written.
    private static void AssertRefusedInOneLine(FixPlan plan, string naming)
    {
        Assert.NotNull(plan.Refusal);
        Assert.DoesNotContain('\n', plan.Refusal);
        Assert.Contains(naming, plan.Refusal, StringComparison.Ordinal);
        Assert.Empty(plan.Diff);
    }

    private static string Added(FixPlan plan) => string.Join('\n', plan.Diff.Split('\n').Where(l => l.StartsWith('+')));

    internal static Culprit Culprit(string method, BlockingKind kind, string api, string file, string call)
    {
        var path = Path.Combine(Path.GetDirectoryName(TestApps.Lab)!, file);
        var lines = File.ReadAllLines(path);
        var at = Enumerable.Range(0, lines.Length).Where(i => lines[i].Contains(call, StringComparison.Ordinal)).ToList();
        Assert.True(at.Count == 1, $"{file}: '{call}' is on {at.Count} lines, not one");
        return TestApps.Written(method, kind, api, path, at[0] + 1) with { Chain = [new CulpritFrame(method, new SourceLocation(path, at[0] + 1))] };
    }

    /// <summary>The lab's project loaded once for these tests.</summary>
    public sealed class LabWorkspace : IAsyncLifetime
    {
        private MSBuildWorkspace? _workspace;

        public Solution Solution { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            await TestApps.EnsureRestoredAsync();
            (_workspace, Solution) = await SourceWorkspace.OpenAsync(TestApps.Lab, CancellationToken.None);
        }

        public Task DisposeAsync()
        {
            _workspace?.Dispose();
            return Task.CompletedTask;
        }
    }
}
