using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Tests.Analysis.Culprits;


namespace PoolDoctor.Tests.Analysis.Stacks;

public class UserCodeTests
{
    [Theory]
    [InlineData("PoolDoctor.Lab", "PoolDoctor.Lab.DiagScenarioController.TaskWait()", true)]
    [InlineData("PoolDoctor.Lab", "PoolDoctor.Lab.DiagScenarioController+<>c__DisplayClass10_0.<DbTaskRun>b__0()", true)]
    [InlineData("PoolDoctor.Lab", "PoolDoctor.Lab.Database.PostgresLabDatabase.ExecuteNonQuery()", true)]
    [InlineData("Shop", "Systematic.Inventory.Count()", true)]
    [InlineData("Contoso.Api", "Microsoft.Contoso.Api.OrdersController.Get()", false)] // by name only: a Microsoft.* namespace reads as library
    [InlineData("Npgsql", "Npgsql.NpgsqlCommand.ExecuteNonQuery()", false)]
    [InlineData("Microsoft.Data.SqlClient", "Microsoft.Data.SqlClient.SqlCommand.ExecuteReader()", false)]
    [InlineData("StackExchange.Redis", "StackExchange.Redis.ConnectionMultiplexer.ExecuteSyncImpl(class Message)", false)]
    [InlineData("System.Private.CoreLib", "System.Threading.Tasks.Task.Wait()", false)]
    [InlineData("Microsoft.AspNetCore.Routing", "Microsoft.AspNetCore.Routing.EndpointMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)", false)]
    [InlineData("Anonymously Hosted DynamicMethods Assembly", "dynamicClass.lambda_method1(pMT: 0x7fde2040dae8,class System.Object)", false)]
    [InlineData("System.Private.CoreLib", "Interop+Sys.Read(class System.Runtime.InteropServices.SafeHandle,unsigned int8*,int32)", false)]
    [InlineData("?", "?", false)]
    public void Default_rules_mark_only_the_applications_own_frames(string module, string method, bool expected)
    {
        Assert.Equal(expected, UserCode.Default.IsUserCode(new StackFrame(module, method)));
    }

    [Fact]
    public void Explicit_prefixes_replace_the_default_rules()
    {
        var onlyDataLayer = new UserCode(["PoolDoctor.Lab.Database"]);

        Assert.True(onlyDataLayer.IsUserCode(new StackFrame("PoolDoctor.Lab", "PoolDoctor.Lab.Database.PostgresLabDatabase.ExecuteNonQuery()")));
        Assert.False(onlyDataLayer.IsUserCode(new StackFrame("PoolDoctor.Lab", "PoolDoctor.Lab.DiagScenarioController.DbSync(class PoolDoctor.Lab.Database.ILabDatabase)")));

        // A prefix can claim a library too, e.g. to debug a driver.
        var driver = new UserCode(["Npgsql."]);
        Assert.True(driver.IsUserCode(new StackFrame("Npgsql", "Npgsql.NpgsqlCommand.ExecuteNonQuery()")));
        Assert.False(driver.IsUserCode(new StackFrame("PoolDoctor.Lab", "PoolDoctor.Lab.DiagScenarioController.TaskWait()")));
    }

    [Fact]
    public void The_apps_own_assemblies_are_user_code_whatever_their_namespace()
    {
        var modules = new[]
        {
            new ModuleInfo("Contoso.Api", "/app/Contoso.Api.dll", ModuleOrigin.App),
            new ModuleInfo("Contoso.Shared", "/app/Contoso.Shared.dll", ModuleOrigin.Package),
            new ModuleInfo("System.Private.CoreLib", "/usr/share/dotnet/shared/Microsoft.NETCore.App/10.0.0/System.Private.CoreLib.dll", ModuleOrigin.Framework),
        };
        var userCode = new UserCode(modules: modules);

        Assert.True(userCode.IsUserCode(new StackFrame("Contoso.Api", "Microsoft.Contoso.Api.OrdersController.Get()")));
        Assert.False(userCode.IsUserCode(new StackFrame("Contoso.Shared", "Contoso.Shared.Cache.Get()")));
        Assert.False(userCode.IsUserCode(new StackFrame("System.Private.CoreLib", "System.Threading.Tasks.Task.Wait()")));
        Assert.False(userCode.IsUserCode(new StackFrame("Anonymously Hosted DynamicMethods Assembly", "dynamicClass.lambda_method3(pMT: 0x7f,class System.Object)")));
        // An assembly the capture did not list falls back on names.
        Assert.True(userCode.IsUserCode(new StackFrame("Shop", "Shop.Orders.Load()")));
    }

    [Fact]
    public void Blank_prefixes_are_ignored()
    {
        Assert.True(new UserCode(["", "  "]).IsUserCode(new StackFrame("PoolDoctor.Lab", "PoolDoctor.Lab.DiagScenarioController.TaskWait()")));
    }

    [Fact]
    public void User_code_prefixes_move_the_culprit_to_the_code_they_name()
    {
        var snapshot = RecordedStacks.Load("db-sync-postgres");

        var byDefault = CulpritAnalyzer.Analyze(snapshot).Culprits[0];
        var dataLayer = CulpritAnalyzer.Analyze(snapshot, new CulpritOptions { UserCodePrefixes = ["PoolDoctor.Lab.Database"] }).Culprits[0];

        var onlyController = CulpritAnalyzer.Analyze(snapshot, new CulpritOptions { UserCodePrefixes = ["PoolDoctor.Lab.DiagScenarioController"] }).Culprits[0];

        Assert.Equal("PostgresLabDatabase.ExecuteNonQuery", byDefault.Method);
        Assert.Equal("PostgresLabDatabase.ExecuteNonQuery", dataLayer.Method);
        Assert.Equal("DiagScenarioController.DbSync", onlyController.Method);
        Assert.Equal(BlockingKind.SyncIO, dataLayer.Kind);
        Assert.Equal("NpgsqlCommand.ExecuteNonQuery", dataLayer.Api);
    }
}
