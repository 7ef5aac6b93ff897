using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Tests.Collect.Attach;

/// <summary>
/// Reading the MinThreads a target was configured with. The expected values are what .NET 10 itself made of the same
/// settings (ThreadPool.GetMinThreads in a probe app, 2026-11-25): DOTNET_ThreadPool_ForceMinWorkerThreads=300 gave 768
/// workers, 0x12C and 12C gave 300; runtimeconfig.json's System.Threading.ThreadPool.MinThreads 300 gave 300.
/// </summary>
public class TargetMinThreadsTests
{
    [Theory]
    [InlineData("0x12C", 300)]
    [InlineData("12C", 300)]
    [InlineData("300", 768)]
    [InlineData("0x10", 16)]
    public void The_environment_variable_is_hex_as_the_runtime_reads_it(string raw, int expected)
    {
        Assert.Equal(expected, TargetMinThreads.ParseHex(raw));
    }

    [Theory]
    [InlineData("")]
    [InlineData("zz")]
    [InlineData("0")]
    public void A_value_the_runtime_would_not_use_is_none(string raw)
    {
        Assert.Null(TargetMinThreads.ParseHex(raw));
    }

    [Fact]
    public void Runtimeconfig_holds_a_decimal_number_under_configProperties()
    {
        const string json = """
            {
              "runtimeOptions": {
                "tfm": "net10.0",
                "configProperties": { "System.GC.Server": false, "System.Threading.ThreadPool.MinThreads": 300 }
              }
            }
            """;

        Assert.Equal(300, TargetMinThreads.FromRuntimeConfig(json));
        Assert.Null(TargetMinThreads.FromRuntimeConfig("""{ "runtimeOptions": { "configProperties": {} } }"""));
        Assert.Null(TargetMinThreads.FromRuntimeConfig("not json"));
    }

    [Fact]
    public void The_runtimeconfig_is_beside_the_dll_the_dotnet_host_runs_or_beside_the_apphost()
    {
        Assert.Equal("/srv/app/Shop.runtimeconfig.json", TargetMinThreads.RuntimeConfigPath(["dotnet", "Shop.dll", "--urls", "x"], "/usr/share/dotnet/dotnet", "/srv/app"));
        Assert.Equal("/cfg/rc.json", TargetMinThreads.RuntimeConfigPath(["dotnet", "exec", "--runtimeconfig", "/cfg/rc.json", "Shop.dll"], "/usr/share/dotnet/dotnet", "/srv"));
        Assert.Equal("/srv/app/Shop.runtimeconfig.json", TargetMinThreads.RuntimeConfigPath(["./Shop"], "/srv/app/Shop", "/srv/app"));
    }

    [Fact]
    public void This_test_process_reads_as_configured_the_way_its_environment_says()
    {
        // The live path on a real process (the test host): whatever it reports must match its own environment.
        var configured = TargetMinThreads.Of(Environment.ProcessId);
        var raw = Environment.GetEnvironmentVariable("DOTNET_ThreadPool_ForceMinWorkerThreads");
        if (raw is not null && TargetMinThreads.ParseHex(raw) is { } fromEnvironment)
        {
            Assert.Equal(fromEnvironment, configured?.Workers);
        }
        else if (configured is not null)
        {
            Assert.Contains("System.Threading.ThreadPool.MinThreads", configured.Source, StringComparison.Ordinal);
        }
    }
}
