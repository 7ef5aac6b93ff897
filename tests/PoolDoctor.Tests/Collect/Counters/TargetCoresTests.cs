using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Tests.Collect.Counters;

public class TargetCoresTests
{
    [Theory]
    [InlineData("0-1", 2)]
    [InlineData("0", 1)]
    [InlineData("0-3,8-11", 8)]
    [InlineData("0,2,4", 3)]
    public void Cpu_lists_are_counted(string list, int expected) => Assert.Equal(expected, TargetCores.CountCpuList(list));

    [Theory]
    [InlineData("max 100000", null)]
    [InlineData("150000 100000", 2)]
    [InlineData("400000 100000", 4)]
    public void Cgroup_quotas_round_up_to_whole_cores(string cpuMax, int? expected) => Assert.Equal(expected, TargetCores.CountQuota(cpuMax));

    [Fact]
    public void This_process_sees_as_many_cores_as_its_runtime()
    {
        Assert.Equal(Environment.ProcessorCount, TargetCores.Of(Environment.ProcessId));
    }
}
