using System.Text.Json;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Report.Stacks;

public sealed class StackGroupJsonTests
{
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web) { Converters = { new StackGroupJson() } };

    [Fact]
    public void A_group_is_written_as_names_and_flags_and_read_back_whole()
    {
        var group = new StackGroup([new GroupFrame("Task.Wait", false), new GroupFrame("App.Orders.Get", true), new GroupFrame("ThreadPoolWorkQueue.Dispatch", false)], 3, 0.75, true, [4, 9, 12]) { Samples = 42 };
        var json = JsonSerializer.Serialize(group, Options);

        using var doc = JsonDocument.Parse(json);
        Assert.Equal(["frames", "threads", "share", "isThreadPool", "threadIds", "userFrames", "samples"], doc.RootElement.EnumerateObject().Select(p => p.Name));
        Assert.Equal(["Task.Wait", "App.Orders.Get", "ThreadPoolWorkQueue.Dispatch"], doc.RootElement.GetProperty("frames").EnumerateArray().Select(e => e.GetString()));
        Assert.Equal([false, true, false], doc.RootElement.GetProperty("userFrames").EnumerateArray().Select(e => e.GetBoolean()));

        var read = JsonSerializer.Deserialize<StackGroup>(json, Options)!;
        Assert.Equal(group.Frames, read.Frames);
        Assert.Equal((group.Threads, group.Share, group.IsThreadPool, group.Samples), (read.Threads, read.Share, read.IsThreadPool, read.Samples));
        Assert.Equal(group.ThreadIds, read.ThreadIds);
    }

    [Fact]
    public void A_report_written_before_the_flags_reads_every_frame_as_not_the_users()
    {
        var read = JsonSerializer.Deserialize<StackGroup>("""{"frames":["Monitor.Enter","App.A"],"threads":1,"share":1,"isThreadPool":true,"threadIds":[1]}""", Options)!;
        Assert.Equal([new GroupFrame("Monitor.Enter", false), new GroupFrame("App.A", false)], read.Frames);
        Assert.Equal(0, read.Samples);
    }
}
