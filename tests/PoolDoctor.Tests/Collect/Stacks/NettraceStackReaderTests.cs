using PoolDoctor.Collect.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

public sealed class NettraceStackReaderTests
{
    private const string TaskWaitMethod = "PoolDoctor.Lab.DiagScenarioController.TaskWait";

    [Fact]
    public void PoolDoctor_recording_gives_resolved_per_thread_stacks_dominated_by_the_blocking_endpoint()
    {
        var snapshot = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWait);

        Assert.True(snapshot.ProcessId > 0);
        Assert.InRange(snapshot.WindowSeconds, 0.1, 2);
        Assert.True(snapshot.Stacks.Select(s => s.ThreadId).Distinct().Count() >= 10, "expected many sampled threads");
        var total = snapshot.Stacks.Sum(s => s.Samples);
        var inTaskWait = snapshot.Stacks.Where(s => s.Frames.Any(f => f.Method == TaskWaitMethod)).Sum(s => s.Samples);
        Assert.True(inTaskWait > total / 2, $"{inTaskWait} of {total} samples in {TaskWaitMethod}");
        // Leaf first: the blocked frame sits above the endpoint, the thread's start at the bottom.
        var blocked = snapshot.Stacks.First(s => s.Frames.Any(f => f.Method == TaskWaitMethod));
        Assert.Equal("System.Threading.Thread.StartCallback", blocked.Frames[^1].Method);
        Assert.Contains(blocked.Frames, f => f.Module == "PoolDoctor.Lab" && f.Method == TaskWaitMethod);
        Assert.DoesNotContain(blocked.Frames, f => f.Method.Contains('(', StringComparison.Ordinal));
    }

    [Fact]
    public void PoolDoctor_recording_carries_wait_spans_with_stacks()
    {
        var snapshot = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWait);

        Assert.NotEmpty(snapshot.Waits);
        Assert.All(snapshot.Waits, w => Assert.True(w.DurationMs >= 0));
        Assert.Contains(snapshot.Waits, w => w.Source == WaitSource.WaitHandle && w.Frames.Any(f => f.Method == TaskWaitMethod));
    }

    [Fact]
    public void Once_keeps_one_sample_per_thread()
    {
        var snapshot = NettraceStackReader.Read(StackFixtures.PoolDoctorTaskWait, firstSamplePerThread: true);

        Assert.All(snapshot.Stacks, s => Assert.Equal(1, s.Samples));
        Assert.Equal(snapshot.Stacks.Count, snapshot.Stacks.Select(s => s.ThreadId).Distinct().Count());
    }

    [Fact]
    public void Dotnet_trace_waithandle_recording_gives_wait_spans_and_no_samples()
    {
        var snapshot = NettraceStackReader.Read(StackFixtures.DotnetTraceTaskWait);

        Assert.Empty(snapshot.Stacks);
        Assert.True(snapshot.Waits.Count >= 5, $"{snapshot.Waits.Count} waits");
        Assert.All(snapshot.Waits, w => Assert.Equal(WaitSource.WaitHandle, w.Source));
        // Background threads (gate, timer, Kestrel heartbeat) wait too; every pool-thread wait is the endpoint's.
        var poolWaits = snapshot.Waits.Where(w => w.Frames.Any(f => f.Method == "System.Threading.ThreadPoolWorkQueue.Dispatch")).ToList();
        Assert.True(poolWaits.Count >= 3, $"{poolWaits.Count} pool-thread waits");
        Assert.All(poolWaits, w => Assert.Contains(w.Frames, f => f.Method == TaskWaitMethod));
        Assert.All(poolWaits, w => Assert.InRange(w.DurationMs, 100, 5000));
    }

    [Fact]
    public void Truncated_trace_is_refused_with_one_line()
    {
        var bytes = StackFixtures.Expand(StackFixtures.PoolDoctorTaskWait);
        var path = StackFixtures.WriteTemp(bytes[..(bytes.Length / 2)], "truncated.nettrace");
        try
        {
            var error = Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path));
            Assert.Contains("truncated", error.Message);
            Assert.DoesNotContain('\n', error.Message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void Corrupt_trace_is_refused_with_one_line(int damage)
    {
        var bytes = StackFixtures.Expand(StackFixtures.PoolDoctorTaskWait);
        if (damage == 1)
        {
            // Scribble over the first blocks after the header, keeping the magic and the end marker.
            Array.Fill(bytes, (byte)0xAB, 60, 4000);
        }
        else
        {
            var random = new Random(4);
            for (var i = 0; i < 200; i++)
            {
                bytes[random.Next(100, bytes.Length - 10)] = (byte)random.Next(256);
            }
        }
        var path = StackFixtures.WriteTemp(bytes, "corrupt.nettrace");
        try
        {
            var error = Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path));
            Assert.DoesNotContain('\n', error.Message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Not_a_trace_and_missing_file_are_refused()
    {
        var path = StackFixtures.WriteTemp("hello, world"u8.ToArray(), "text.nettrace");
        var gz = StackFixtures.WriteTemp("not gzip at all"u8.ToArray(), "text.nettrace.gz");
        try
        {
            Assert.Contains("not a nettrace", Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path)).Message);
            Assert.Contains("gzip", Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(gz)).Message);
            Assert.Contains("no such file", Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path + ".missing")).Message);
        }
        finally
        {
            File.Delete(path);
            File.Delete(gz);
        }
    }
}
