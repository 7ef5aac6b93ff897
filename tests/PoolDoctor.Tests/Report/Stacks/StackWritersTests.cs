using System.Text;
using System.Text.Json;
using PoolDoctor.Cli.Options;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Runs.Stacks;

namespace PoolDoctor.Tests.Report.Stacks;

public sealed class StackWritersTests
{
    private static StackReport Report(bool raw = false)
    {
        IReadOnlyList<StackFrame> frames =
        [
            new("System.Private.CoreLib", "System.Threading.Thread.Sleep"),
            new("PoolDoctor.Lab", "PoolDoctor.Lab.DiagScenarioController.Sleep"),
            new("System.Private.CoreLib", "System.Threading.ThreadPoolWorkQueue.Dispatch"),
            new("System.Private.CoreLib", "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart"),
        ];
        var snapshot = new StackSnapshot(42, 1.0, [new ThreadStack(7, frames, 900), new ThreadStack(8, frames, 100)], []);
        return StackReportBuilder.Build("process 42", snapshot, new StackDisplay(All: false, Raw: raw, UserCodePrefixes: [], StackFormat.Json));
    }

    [Fact]
    public void Json_has_the_issue_keys_for_culprits_and_groups()
    {
        using var buffer = new MemoryStream();
        StackJsonWriter.Write(Report(), buffer);
        using var json = JsonDocument.Parse(buffer.ToArray());
        var culprit = json.RootElement.GetProperty("culprits")[0];
        Assert.Equal("DiagScenarioController.Sleep", culprit.GetProperty("method").GetString());
        Assert.Equal("Sleep", culprit.GetProperty("kind").GetString());
        Assert.Equal("Thread.Sleep", culprit.GetProperty("api").GetString());
        Assert.Equal(2, culprit.GetProperty("threads").GetInt32());
        Assert.Equal(1.0, culprit.GetProperty("share").GetDouble());
        Assert.Equal("Thread.Sleep", culprit.GetProperty("exampleStack")[0].GetString());
        var group = json.RootElement.GetProperty("groups")[0];
        Assert.Equal(2, group.GetProperty("threads").GetInt32());
        Assert.True(group.GetProperty("threadPool").GetBoolean());
        Assert.True(group.GetProperty("frames")[1].GetProperty("userCode").GetBoolean());
        Assert.Equal(1000, json.RootElement.GetProperty("samples").GetInt32());
    }

    [Fact]
    public void Text_marks_pool_threads_and_user_frames_then_ranks_culprits()
    {
        var text = new StringWriter();
        StackTextWriter.Write(Report(), text);
        var output = text.ToString();
        Assert.Contains("2 threads, 100.0 % of samples  [thread pool]", output);
        Assert.Contains("    > DiagScenarioController.Sleep", output);
        Assert.Contains("      Thread.Sleep", output);
        Assert.Contains("1. DiagScenarioController.Sleep  Sleep on Thread.Sleep: 2 pool threads, 100.0 %", output);
        Assert.True(output.IndexOf("[thread pool]", StringComparison.Ordinal) < output.IndexOf("Culprits", StringComparison.Ordinal));
    }

    [Fact]
    public void Raw_text_lists_each_thread()
    {
        var text = new StringWriter();
        StackTextWriter.Write(Report(raw: true), text);
        Assert.Contains("Thread 7 (0x7)  [thread pool], 900 samples", text.ToString());
        Assert.Contains("Thread 8 (0x8)  [thread pool], 100 samples", text.ToString());
    }

    [Fact]
    public void Speedscope_profiles_are_root_to_leaf_and_weighted()
    {
        using var buffer = new MemoryStream();
        SpeedscopeWriter.Write(Report(), buffer);
        using var json = JsonDocument.Parse(Encoding.UTF8.GetString(buffer.ToArray()));
        var frames = json.RootElement.GetProperty("shared").GetProperty("frames").EnumerateArray().Select(f => f.GetProperty("name").GetString()).ToList();
        var profile = json.RootElement.GetProperty("profiles")[0];
        Assert.Equal("sampled", profile.GetProperty("type").GetString());
        var sample = profile.GetProperty("samples")[0].EnumerateArray().Select(i => frames[i.GetInt32()]).ToList();
        Assert.Equal("Thread.Sleep", sample[^1]);
        Assert.Equal(900, profile.GetProperty("weights")[0].GetInt32());
        Assert.Equal(900, profile.GetProperty("endValue").GetInt32());
    }

    [Theory]
    [InlineData("1s", 1.0)]
    [InlineData("500ms", 0.5)]
    [InlineData("2m", 120.0)]
    [InlineData("3", 3.0)]
    public void Durations_read_as_users_type_them(string text, double seconds) =>
        Assert.Equal(seconds, DurationOption.Parse(text, "--duration", TimeSpan.FromHours(1)).TotalSeconds, 6);

    [Theory]
    [InlineData("soon")]
    [InlineData("0s")]
    [InlineData("-1")]
    [InlineData("2h")]
    public void Bad_durations_are_usage_errors(string text) =>
        Assert.Throws<UsageException>(() => DurationOption.Parse(text, "--duration", TimeSpan.FromHours(1)));
}
