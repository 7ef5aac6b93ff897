using PoolDoctor.Report.Stacks;
using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Tests.Analysis.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// One rule each, on stacks shaped like the recorded ones (fixtures/packages covers whole captures): the package
/// boundary comes from the modules' packages (deps.json), the async twins from the declaring types' metadata.
/// </summary>
public sealed class PackageCulpritTests
{
    private static readonly PackageRef Limiter = new("Contoso.Limiter", "1.0.11", Direct: true);
    private static readonly PackageRef Redis = new("Redis.Client", "2.8.16", Direct: true); // the app registers the multiplexer itself
    private static readonly PackageRef Sink = new("Contoso.AuditSink", "2.0.0", Direct: true);

    private static readonly string[] RedisSync =
    [
        "System.Threading.Monitor.Wait(class System.Object,int32)",
        "Redis.Client.ConnectionMultiplexer.ExecuteSyncImpl[System.__Canon](class Redis.Client.Message)",
        "Redis.Client.RedisBase.ExecuteSync[System.__Canon](class Redis.Client.Message)",
        "Redis.Client.RedisDatabase.ScriptEvaluate(class System.String,value class Redis.Client.RedisKey[])",
    ];

    [Fact]
    public void Blocking_inside_a_referenced_package_names_its_method_the_api_it_calls_and_no_user_frame()
    {
        var stack = Stack(
            [.. RedisSync,
             "Contoso.Limiter.RedisWindowManager.TryAcquireLease()",
             "Contoso.Limiter.RedisWindowRateLimiter.AttemptAcquireCore(int32)",
             "System.Threading.RateLimiting.RateLimiter.AttemptAcquire(int32)",
             "Microsoft.AspNetCore.RateLimiting.RateLimitingMiddleware.CombinedAcquire(class Microsoft.AspNetCore.Http.HttpContext)"]);

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot(stack, withPackages: true)).Culprits);

        Assert.Equal("RedisWindowManager.TryAcquireLease", culprit.Method);
        Assert.Equal(Limiter, culprit.Package);
        Assert.Equal("RedisWindowManager.TryAcquireLease", culprit.PackageMethod);
        Assert.Equal("IDatabase.ScriptEvaluate", culprit.Api);
        Assert.Equal(new AsyncTwin("IDatabase.ScriptEvaluate", "ScriptEvaluateAsync"), culprit.ApiTwin);
        Assert.Equal(["RedisWindowRateLimiter.AttemptAcquireCore", "RedisWindowManager.TryAcquireLease"], culprit.ChainNames);
        Assert.All(culprit.Chain.Select(f => f.Package), p => Assert.Equal(Limiter, p));
        Assert.Null(culprit.UserFrame);
        Assert.Equal(CallSiteSource.Library, culprit.Site.Source);

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).Fixes[0];
        Assert.Contains("inside package Contoso.Limiter 1.0.11", fix.Headline);
        Assert.Contains("upgrade", fix.Explanation);
        Assert.Contains("ScriptEvaluateAsync", fix.Explanation);
        Assert.Equal("", fix.Before); // no rewrite of code the user does not own
        Assert.DoesNotContain("ExecuteSyncAsync", fix.Headline + fix.Explanation + fix.After);
        Assert.DoesNotContain("every caller", fix.Headline + fix.Explanation);
    }

    [Fact]
    public void Without_the_packages_deps_json_named_the_same_stack_has_no_package_culprit()
    {
        var stack = Stack(
            [.. RedisSync,
             "Contoso.Limiter.RedisWindowManager.TryAcquireLease()",
             "Contoso.Limiter.RedisWindowRateLimiter.AttemptAcquireCore(int32)",
             "System.Threading.RateLimiting.RateLimiter.AttemptAcquire(int32)",
             "Microsoft.AspNetCore.RateLimiting.RateLimitingMiddleware.CombinedAcquire(class Microsoft.AspNetCore.Http.HttpContext)"]);

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot(stack, withPackages: false)).Culprits);

        Assert.Null(culprit.Package);
        Assert.NotEqual("RedisWindowManager.TryAcquireLease", culprit.Method);
    }

    [Fact]
    public void A_package_that_blocks_under_the_users_logging_call_is_the_packages_not_the_users_line()
    {
        var stack = Stack(
            ["System.Threading.Monitor.Wait(class System.Object,int32)",
             "System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)",
             "System.Threading.Tasks.Task.SpinThenBlockingWait(int32,value class System.Threading.CancellationToken)",
             "System.Threading.Tasks.Task.InternalWaitCore(int32,value class System.Threading.CancellationToken)",
             "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)",
             "Contoso.AuditSink.AuditLogger.Log[System.__Canon](value class Microsoft.Extensions.Logging.LogLevel)",
             "Microsoft.Extensions.Logging.Logger.Log[System.__Canon](value class Microsoft.Extensions.Logging.LogLevel)",
             "Microsoft.Extensions.Logging.LoggerExtensions.LogInformation(class Microsoft.Extensions.Logging.ILogger,class System.String,class System.Object[])",
             "Shop.Program+<>c.<<Main>$>b__0_2(int32,class Microsoft.Extensions.Logging.ILogger`1<class Shop.Order>)"]);

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot(stack, withPackages: true)).Culprits);

        Assert.Equal("AuditLogger.Log", culprit.Method);
        Assert.Equal(Sink, culprit.Package);
        Assert.Equal(BlockingKind.SyncOverAsync, culprit.Kind);
        Assert.Equal("lambda in Program.Main", culprit.UserFrame);
        Assert.Equal(new AsyncTwin("LoggerExtensions.LogInformation", null), culprit.UserCallTwin);
        Assert.Equal(["lambda in Program.Main", "AuditLogger.Log"], culprit.ChainNames);
        Assert.Equal([null, Sink], culprit.Chain.Select(f => f.Package));

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).Fixes[0];
        Assert.Contains("inside package Contoso.AuditSink", fix.Headline);
        Assert.Contains("LoggerExtensions.LogInformation, which has no async twin", fix.Explanation);
        Assert.DoesNotContain("every caller", fix.Headline + fix.Explanation);
        Assert.DoesNotContain("QueryCustomerAsync", fix.Before + fix.After);
    }

    [Fact]
    public void A_user_calling_a_packages_sync_api_is_the_call_site_and_is_offered_the_twin_the_type_declares()
    {
        var stack = Stack([.. RedisSync, "Shop.Cache.Get(class System.String)"]);

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(Snapshot(stack, withPackages: true)).Culprits);

        Assert.Equal("Cache.Get", culprit.Method);
        Assert.Null(culprit.Package);
        Assert.Equal("IDatabase.ScriptEvaluate", culprit.Api);
        var fix = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).Fixes[0];
        Assert.Contains("ScriptEvaluateAsync", fix.After);
        Assert.DoesNotContain("ExecuteSyncAsync", fix.Headline + fix.Explanation + fix.After);
    }

    [Fact]
    public void A_sync_api_whose_type_declares_no_twin_gets_no_invented_one()
    {
        var stack = Stack([.. RedisSync, "Shop.Cache.Get(class System.String)"]);
        var snapshot = Snapshot(stack, withPackages: true, scriptEvaluateTwin: null);

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(snapshot).Culprits);
        var fix = AdviceBuilder.Build(VerdictKind.Starving, [culprit], [], 2).Fixes[0];

        Assert.Equal(new AsyncTwin("IDatabase.ScriptEvaluate", null), culprit.ApiTwin);
        Assert.Contains("has no async twin", fix.Headline);
        Assert.DoesNotContain("ScriptEvaluateAsync", fix.Headline + fix.Explanation + fix.Before + fix.After);
    }

    // AspNetCore.HealthChecks.Redis 2.2.3's shape: the framework runs the package (no user frame on the stack), and the
    // app reached it by a registration declared in Microsoft.Extensions.DependencyInjection, a namespace the package
    // shares with other assemblies.
    private static readonly string[] LimiterUnderFramework =
    [
        .. RedisSync,
        "Contoso.Limiter.RedisWindowManager.TryAcquireLease()",
        "Contoso.Limiter.RedisWindowRateLimiter.AttemptAcquireCore(int32)",
        "System.Threading.RateLimiting.RateLimiter.AttemptAcquire(int32)",
        "Microsoft.AspNetCore.RateLimiting.RateLimitingMiddleware.CombinedAcquire(class Microsoft.AspNetCore.Http.HttpContext)",
    ];

    private static CallGraph Registration(bool withAssemblies) => new(
        [
            new IlMethod("Shop", "Program", "<Main>$", 0x06000001,
            [
                // Same namespace, another assembly: not the package.
                new IlCall(0x10, IlCallKind.Call, "Microsoft.Extensions.DependencyInjection.ServiceCollectionServiceExtensions", "AddSingleton")
                {
                    TargetAssembly = withAssemblies ? "Microsoft.Extensions.DependencyInjection.Abstractions" : null,
                },
                new IlCall(0x2a, IlCallKind.Call, "Microsoft.Extensions.DependencyInjection.LimiterServiceCollectionExtensions", "AddContosoLimiter")
                {
                    TargetAssembly = withAssemblies ? "Contoso.Limiter" : null,
                },
            ])
            {
                SequencePoints = [new IlSequencePoint(0x10, "/srv/shop/Program.cs", 4), new IlSequencePoint(0x2a, "/srv/shop/Program.cs", 5)],
            },
        ],
        []);

    [Fact]
    public void With_no_user_frame_the_registration_is_found_by_the_assembly_it_calls_into_not_its_namespace()
    {
        var snapshot = Snapshot(Stack(LimiterUnderFramework), withPackages: true) with { CallGraph = Registration(withAssemblies: true) };

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(snapshot).Culprits);

        Assert.Equal("RedisWindowManager.TryAcquireLease", culprit.Method);
        Assert.Equal("Program.Main", culprit.UserFrame);
        Assert.Contains("which calls LimiterServiceCollectionExtensions.AddContosoLimiter at Program.cs:5", CallSiteNoteText.Line(culprit.Site.Note));
        Assert.DoesNotContain("AddSingleton", CallSiteNoteText.Line(culprit.Site.Note));
    }

    [Fact]
    public void A_call_graph_without_assemblies_falls_back_to_the_packages_namespaces_which_the_registration_does_not_share()
    {
        var snapshot = Snapshot(Stack(LimiterUnderFramework), withPackages: true) with { CallGraph = Registration(withAssemblies: false) };

        var culprit = Assert.Single(CulpritAnalyzer.Analyze(snapshot).Culprits);

        Assert.Null(culprit.UserFrame);
        Assert.Contains("no user frame on the stack", CallSiteNoteText.Line(culprit.Site.Note));
    }

    private static ThreadStack Stack(string[] leafFirst) => SyntheticStacks.Pool(7, 50, leafFirst);

    private static StackSnapshot Snapshot(ThreadStack stack, bool withPackages, string? scriptEvaluateTwin = "ScriptEvaluateAsync")
    {
        var frames = stack.Frames.Select(f => f with { Module = ModuleOf(f.Method) }).ToList();
        var modules = frames.Select(f => f.Module).Distinct().Select(m => new ModuleInfo(m, "/srv/shop/" + m + ".dll", OriginOf(m))
        {
            Package = !withPackages ? null : m switch { "Contoso.Limiter" => Limiter, "Redis.Client" => Redis, "Contoso.AuditSink" => Sink, _ => null },
        }).ToList();
        var declared = new Dictionary<string, DeclaredApi>();
        foreach (var frame in frames)
        {
            var api = frame.Method switch
            {
                var m when m.StartsWith("Redis.Client.RedisDatabase.ScriptEvaluate", StringComparison.Ordinal) => new DeclaredApi(scriptEvaluateTwin, "IDatabase"),
                var m when m.StartsWith("Microsoft.Extensions.Logging.LoggerExtensions.", StringComparison.Ordinal) => new DeclaredApi(null, null),
                var m when m.StartsWith("Contoso.", StringComparison.Ordinal) || m.StartsWith("Redis.", StringComparison.Ordinal) => new DeclaredApi(null, null),
                _ => null,
            };
            if (api is not null)
            {
                declared[DeclaredApi.KeyOf(frame)] = api;
            }
        }
        return SyntheticStacks.Snapshot([stack with { Frames = frames }]) with { Modules = modules, DeclaredApis = declared };
    }

    private static string ModuleOf(string raw) =>
        raw.StartsWith("Contoso.Limiter", StringComparison.Ordinal) ? "Contoso.Limiter"
        : raw.StartsWith("Contoso.AuditSink", StringComparison.Ordinal) ? "Contoso.AuditSink"
        : raw.StartsWith("Redis.Client", StringComparison.Ordinal) ? "Redis.Client"
        : raw.StartsWith("Shop.", StringComparison.Ordinal) ? "Shop"
        : raw.StartsWith("Microsoft.Extensions.Logging.Logger.", StringComparison.Ordinal) ? "Microsoft.Extensions.Logging"
        : raw.StartsWith("Microsoft.Extensions.Logging", StringComparison.Ordinal) ? "Microsoft.Extensions.Logging.Abstractions"
        : raw.StartsWith("Microsoft.AspNetCore.RateLimiting", StringComparison.Ordinal) ? "Microsoft.AspNetCore.RateLimiting"
        : raw.StartsWith("System.Threading.RateLimiting", StringComparison.Ordinal) ? "System.Threading.RateLimiting"
        : "System.Private.CoreLib";

    private static ModuleOrigin OriginOf(string module) => module switch
    {
        "Shop" => ModuleOrigin.App,
        "Contoso.Limiter" or "Contoso.AuditSink" or "Redis.Client" => ModuleOrigin.Package,
        _ => ModuleOrigin.Framework,
    };
}
