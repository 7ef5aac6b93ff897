using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Tests.Collect.Attach;

/// <summary>A dump's progress counts createdump's CPU time (DumpWriter): the ticks of a named child, read from /proc.</summary>
public class ChildCpuTicksTests
{
    [Theory]
    // Real lines: a createdump child (state R, utime 5, stime 36) and a name with spaces and parentheses.
    [InlineData("7331 (createdump) R 7153 7153 2040 34816 7153 4194560 1502 0 0 0 5 36 0 0 20 0 1 0 1", 41L)]
    [InlineData("77 (a) b) S 1 77 1 0 0 0 0 0 0 0 7 8 0 0 20 0 1 0 1", 15L)]
    [InlineData("77 (short) S 1 77", null)]
    [InlineData("garbage", null)]
    public void Cpu_time_is_utime_plus_stime_after_the_name(string stat, long? expected) =>
        Assert.Equal(expected, ProcFs.ParseCpuTicks(stat));

    [Fact]
    public void A_named_child_is_found_and_a_missing_one_is_null()
    {
        using var sleep = System.Diagnostics.Process.Start("sleep", "10");
        try
        {
            Assert.NotNull(ProcFs.ChildCpuTicks(Environment.ProcessId, "sleep"));
            Assert.Null(ProcFs.ChildCpuTicks(Environment.ProcessId, "no-such-child"));
            Assert.Null(ProcFs.ChildCpuTicks(sleep.Id, "sleep"));
        }
        finally
        {
            sleep.Kill();
            sleep.WaitForExit();
        }
    }
}
