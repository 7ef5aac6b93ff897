using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Tests.Collect.Counters;

public class SampleAssemblerTests
{
    private static CounterValue R(string name, double value, string series = "Interval=1000") => new(name, value, series, 1);

    private static IEnumerable<CounterValue> Interval(double threads, string series = "Interval=1000") =>
    [
        R("cpu-usage", 12, series), R("gc-heap-size", 3, series), R("working-set", 80, series),
        R("threadpool-thread-count", threads, series), R("monitor-lock-contention-count", 4, series),
        R("threadpool-queue-length", 9, series), R("threadpool-completed-items-count", 250, series),
    ];

    [Fact]
    public void One_sample_per_interval_once_every_wanted_counter_arrived()
    {
        var assembler = new SampleAssembler(cores: 2);
        var samples = Interval(5).Select(r => assembler.Add(r, 1.0)).Where(s => s is not null).ToList();
        var sample = Assert.Single(samples)!;
        Assert.Equal((5.0, 9.0, 250.0, 12.0, 2, 4.0, 3.0),
            (sample.ThreadCount, sample.QueueLength, sample.CompletedPerSecond, sample.CpuPercent, sample.Cores, sample.LockContentionsPerSecond, sample.GcHeapMb));
    }

    [Fact]
    public void Only_the_sessions_first_sample_is_marked_as_a_first_interval()
    {
        var assembler = new SampleAssembler(cores: 2);
        var first = Interval(5).Select(r => assembler.Add(r, 0.1)).Single(s => s is not null)!;
        var second = Interval(5).Select(r => assembler.Add(r, 0.6)).Single(s => s is not null)!;
        var third = Interval(5).Select(r => assembler.Add(r, 1.1)).Single(s => s is not null)!;

        Assert.Equal((true, false, false), (first.FirstInterval, second.FirstInterval, third.FirstInterval));
    }

    [Fact]
    public void Another_tools_series_is_ignored_while_ours_flows()
    {
        var assembler = new SampleAssembler(cores: 2);
        var ours = Interval(5).Select(r => assembler.Add(r, 1.0)).Count(s => s is not null);
        var theirs = Interval(50, "Interval=5000").Select(r => assembler.Add(r, 1.2)).Count(s => s is not null);
        var oursAgain = Interval(6).Select(r => assembler.Add(r, 2.0)).Where(s => s is not null).ToList();
        Assert.Equal(1, ours);
        Assert.Equal(0, theirs);
        Assert.Equal(6, Assert.Single(oursAgain)!.ThreadCount);
    }

    [Fact]
    public void A_shorter_interval_forced_by_another_session_is_used_when_ours_never_arrives()
    {
        var assembler = new SampleAssembler(cores: 2);
        var samples = Interval(3, "Interval=500").Select(r => assembler.Add(r, 0.5))
            .Concat(Interval(4, "Interval=500").Select(r => assembler.Add(r, 1.0)))
            .Where(s => s is not null).ToList();
        Assert.Equal([3.0, 4.0], samples.Select(s => s!.ThreadCount));
    }
}
