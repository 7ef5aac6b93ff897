using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Tests.Collect.Attach;

public sealed class TargetContextReaderTests
{
    [Theory]
    [InlineData("150000 100000", 1.5)]
    [InlineData("200000 100000", 2.0)]
    [InlineData("50000 100000", 0.5)]
    public void A_cgroup_quota_is_read_as_fractional_cores(string cpuMax, double cores)
    {
        Assert.Equal(cores, TargetContextReader.ParseCpuMax(cpuMax, out var why));
        Assert.Equal("", why);
    }

    [Theory]
    [InlineData("max 100000", "no CPU quota")]
    [InlineData("garbage", "is not \"QUOTA PERIOD\"")]
    [InlineData("100 0", "is not \"QUOTA PERIOD\"")]
    public void No_quota_or_an_unreadable_one_is_null_with_its_reason(string cpuMax, string reason)
    {
        Assert.Null(TargetContextReader.ParseCpuMax(cpuMax, out var why));
        Assert.Contains(reason, why);
    }

    [Fact]
    public void The_runtime_version_comes_from_the_folder_libcoreclr_was_mapped_from()
    {
        string[] maps =
        [
            "7f0000000000-7f0000001000 r--p 00000000 08:01 1 /usr/lib/x86_64-linux-gnu/libc.so.6",
            "7f1000000000-7f1000001000 r-xp 00000000 08:01 2 /usr/share/dotnet/shared/Microsoft.NETCore.App/9.0.11/libcoreclr.so",
        ];
        Assert.Equal("9.0.11", TargetContextReader.RuntimeFromMapsLines(maps));
        Assert.Equal("10.0.0-rc.2.25502.107", TargetContextReader.RuntimeFromMapsLines(["x /opt/dn/shared/Microsoft.NETCore.App/10.0.0-rc.2.25502.107/libcoreclr.so"]));
        Assert.Null(TargetContextReader.RuntimeFromMapsLines(["x /usr/lib/libcoreclr.so"]));
    }

    [Fact]
    public void Reading_this_process_finds_its_own_runtime_and_never_invents_pool_bounds()
    {
        var self = Environment.ProcessId;
        var context = TargetContextReader.Read(self, "cmd", probedRuntime: null, processorCount: null);
        Assert.Equal(Environment.Version.ToString(3), context.RuntimeVersion?.Split('-')[0]);
        Assert.Null(context.MinWorkerThreads);
        Assert.Null(context.MaxWorkerThreads);
        Assert.Null(context.ProcessorCount);
        Assert.Contains("no counter sample", context.Unknown["processorCount"]);
        Assert.True(context.CpuLimit is not null || context.Unknown.ContainsKey("cpuLimit"));
        Assert.Equal("cmd", context.CommandLine);
    }

    [Fact]
    public void A_probed_runtime_version_wins_over_the_maps()
    {
        var context = TargetContextReader.Read(Environment.ProcessId, "", new Version(8, 0, 31), 4);
        Assert.Equal("8.0.31", context.RuntimeVersion);
        Assert.Equal(4, context.ProcessorCount);
        Assert.Null(context.CommandLine);
        Assert.True(context.Unknown.ContainsKey("commandLine"));
    }
}
