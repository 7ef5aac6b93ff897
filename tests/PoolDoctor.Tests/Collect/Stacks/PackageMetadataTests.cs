using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

/// <summary>Package boundaries come from deps.json; async twins from the declaring type's metadata, never from names.</summary>
public sealed class PackageMetadataTests
{
    private const string Deps = """
        {
          "targets": {
            ".NETCoreApp,Version=v10.0": {
              "Shop.Api/1.0.0": { "dependencies": { "Limiter": "1.0.11", "Shop.Data": "1.0.0" }, "runtime": { "Shop.Api.dll": {} } },
              "Shop.Data/1.0.0": { "dependencies": { "Sink": "2.0.0" }, "runtime": { "Shop.Data.dll": {} } },
              "Limiter/1.0.11": { "dependencies": { "Redis.Client": "2.6.0" }, "runtime": { "lib/net8.0/Limiter.dll": {} } },
              "Redis.Client/2.6.0": { "runtime": { "lib/net8.0/Redis.Client.dll": {} } },
              "Sink/2.0.0": { "runtime": { "lib/net8.0/Sink.dll": {} } }
            }
          },
          "libraries": {
            "Shop.Api/1.0.0": { "type": "project" },
            "Shop.Data/1.0.0": { "type": "project" },
            "Limiter/1.0.11": { "type": "package" },
            "Redis.Client/2.6.0": { "type": "package" },
            "Sink/2.0.0": { "type": "package" }
          }
        }
        """;

    [Fact]
    public void Deps_json_names_each_assemblys_package_and_whether_the_apps_projects_reference_it()
    {
        var packages = DepsPackages.Parse(Deps);

        Assert.Equal(new PackageRef("Limiter", "1.0.11", true), packages["Limiter"]);
        Assert.Equal(new PackageRef("Redis.Client", "2.6.0", false), packages["redis.client"]);
        // Referenced by one of the app's own projects (a class library of the solution): direct.
        Assert.True(packages["Sink"].Direct);
        Assert.False(packages.ContainsKey("Shop.Api"));
        Assert.Equal(3, packages.Count);
    }

    [Fact]
    public void Classified_package_modules_carry_their_package()
    {
        var modules = ModuleOriginReader.Classify(
            [new LoadedModule("Limiter", "/srv/shop/Limiter.dll"), new LoadedModule("Shop.Api", "/srv/shop/Shop.Api.dll")],
            _ => [StackFixtures.WriteTemp(System.Text.Encoding.UTF8.GetBytes(Deps), "Shop.Api.deps.json")]);

        Assert.Equal(new PackageRef("Limiter", "1.0.11", true), modules.Single(m => m.Name == "Limiter").Package);
        Assert.Null(modules.Single(m => m.Name == "Shop.Api").Package);
    }

    [Fact]
    public void Async_twins_and_public_interfaces_come_from_the_declaring_types_metadata()
    {
        var modules = new[]
        {
            Module(typeof(StackExchange.Redis.IDatabase)),
            Module(typeof(ShopKit.RedisWindow.RedisWindowManager)),
            Module(typeof(ShopKit.AuditLog.AuditLogger)),
            Module(typeof(Microsoft.Extensions.Logging.LoggerExtensions)),
        };
        var redis = modules[0].Name;
        StackFrame scriptEvaluate = new(redis, "StackExchange.Redis.RedisDatabase.ScriptEvaluate(class System.String,value class StackExchange.Redis.RedisKey[],value class StackExchange.Redis.RedisValue[],value class StackExchange.Redis.CommandFlags)");
        StackFrame executeSync = new(redis, "StackExchange.Redis.RedisBase.ExecuteSync(class StackExchange.Redis.Message,class StackExchange.Redis.ResultProcessor`1<!!0>,class StackExchange.Redis.ServerEndPoint,!!0)");
        StackFrame tryAcquire = new(modules[1].Name, "ShopKit.RedisWindow.RedisWindowManager.TryAcquireLease()");
        StackFrame log = new(modules[2].Name, "ShopKit.AuditLog.AuditLogger.Log[System.__Canon](value class Microsoft.Extensions.Logging.LogLevel,...)");
        StackFrame logInformation = new(modules[3].Name, "Microsoft.Extensions.Logging.LoggerExtensions.LogInformation(class Microsoft.Extensions.Logging.ILogger,class System.String,class System.Object[])");

        var found = DeclaredApiReader.Read([scriptEvaluate, executeSync, tryAcquire, log, logInformation], modules);

        Assert.Equal(new DeclaredApi("ScriptEvaluateAsync", "IDatabase"), found[DeclaredApi.KeyOf(scriptEvaluate)]);
        // The invented "ExecuteSyncAsync": no such method on RedisBase, so none is offered.
        Assert.Null(found[DeclaredApi.KeyOf(executeSync)].AsyncTwin);
        Assert.Equal("TryAcquireLeaseAsync", found[DeclaredApi.KeyOf(tryAcquire)].AsyncTwin);
        Assert.Equal(new DeclaredApi(null, null), found[DeclaredApi.KeyOf(log)]);
        // ILogger's extension methods have no async twin: making the caller async changes nothing.
        Assert.Null(found[DeclaredApi.KeyOf(logInformation)].AsyncTwin);
    }

    [Fact]
    public void A_twin_internal_to_the_package_is_read_as_one_no_user_can_call()
    {
        // ShopKit.QuotaLimiter keeps its client internal: QuotaClient.TryTake and its twin TryTakeAsync are public
        // methods of an internal class, so only the package can call either (issue 34 item 4).
        var modules = new[] { Module(typeof(ShopKit.QuotaLimiter.QuotaRateLimiter)), Module(typeof(ShopKit.RedisWindow.RedisWindowManager)) };
        StackFrame tryTake = new(modules[0].Name, "ShopKit.QuotaLimiter.QuotaClient.TryTake(int32)");
        StackFrame tryAcquire = new(modules[1].Name, "ShopKit.RedisWindow.RedisWindowManager.TryAcquireLease()");

        var found = DeclaredApiReader.Read([tryTake, tryAcquire], modules);

        var quota = found[DeclaredApi.KeyOf(tryTake)];
        Assert.Equal("TryTakeAsync", quota.AsyncTwin);
        Assert.False(quota.TwinPublic);
        Assert.False(quota.MethodPublic);
        Assert.False(quota.TwinFor("QuotaClient.TryTake").Callable);
        // The same shape on a public type: the twin is public API (whether the user's code reaches it is the analysis's call).
        var window = found[DeclaredApi.KeyOf(tryAcquire)];
        Assert.True(window.TwinPublic);
        Assert.True(window.MethodPublic);
        Assert.False(window.TwinFor("RedisWindowManager.TryAcquireLease", reached: false).Callable);
        Assert.True(window.TwinFor("RedisWindowManager.TryAcquireLease").Callable);
    }

    [Fact]
    public void Frames_of_assemblies_not_on_this_machine_are_not_listed()
    {
        var found = DeclaredApiReader.Read(
            [new StackFrame("Gone", "Gone.Client.Send()")], [new ModuleInfo("Gone", "/nowhere/Gone.dll", ModuleOrigin.Package)]);
        Assert.Empty(found);
    }

    [Fact]
    public void A_twin_a_base_type_in_another_assembly_may_declare_is_unknown_not_none()
    {
        // CountingStream overrides Read; ReadAsync is Stream's, in another assembly: "none" would be a false statement.
        var module = Module(typeof(CountingStream));
        StackFrame read = new(module.Name, "PoolDoctor.Tests.Collect.Stacks.PackageMetadataTests+CountingStream.Read(unsigned int8[],int32,int32)");
        StackFrame count = new(module.Name, "PoolDoctor.Tests.Collect.Stacks.PackageMetadataTests.Module(class System.Type)");

        var found = DeclaredApiReader.Read([read, count], [module]);

        Assert.False(found.ContainsKey(DeclaredApi.KeyOf(read)));
        Assert.Null(found[DeclaredApi.KeyOf(count)].AsyncTwin); // a type that derives from object: none is known for sure
    }

    private sealed class CountingStream : MemoryStream
    {
        public int Reads { get; private set; }

        public override int Read(byte[] buffer, int offset, int count)
        {
            Reads++;
            return base.Read(buffer, offset, count);
        }
    }

    [Theory]
    [InlineData("System.Threading.Tasks.Task`1[System.__Canon].GetResultCore(bool)", "System.Threading.Tasks.Task`1", "GetResultCore")]
    [InlineData("Ns.Outer+Inner.Run()", "Ns.Outer+Inner", "Run")]
    [InlineData("Ns.Type.Method[System.Int32](int)", "Ns.Type", "Method")]
    // An async body is described as the method the caller named (a warmed driver's sync wrapper is inlined away).
    [InlineData("Npgsql.NpgsqlCommand+<ExecuteScalar>d__117.MoveNext()", "Npgsql.NpgsqlCommand", "ExecuteScalar")]
    [InlineData("Ns.Outer+<Run>d__3`1[System.__Canon].MoveNext()", "Ns.Outer", "Run")]
    public void Raw_frame_names_split_into_type_and_method(string raw, string type, string method) =>
        Assert.Equal((type, method), DeclaredApiReader.Split(raw));

    [Fact]
    public void Constructors_are_not_split() => Assert.Null(DeclaredApiReader.Split("Ns.Type..ctor()"));

    private static ModuleInfo Module(Type type) =>
        new(Path.GetFileNameWithoutExtension(type.Assembly.Location), type.Assembly.Location, ModuleOrigin.Package);
}
