using System.IO.Compression;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Stacks;

public sealed class AnalyzeCliTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    [Fact]
    public async Task Analyze_names_the_culprit_of_a_PoolDoctor_recording_in_text()
    {
        var run = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait], Limit);
        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.Contains("[thread pool]", run.StdOut);
        Assert.Contains("> DiagScenarioController.TaskWait", run.StdOut);
        Assert.Matches(@"1\. DiagScenarioController\.TaskWait\s+SyncOverAsync on Task\.Result", run.StdOut);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Analyze_json_has_the_culprit_for_both_recorders(bool pooldoctor)
    {
        var file = pooldoctor ? StackFixturePaths.PoolDoctorTaskWait : StackFixturePaths.DotnetTraceTaskWait;
        var run = await ToolRun.RunAsync(["analyze", file, "--format", "json"], Limit);
        Assert.True(run.ExitCode == 0, run.ToString());
        using var json = JsonDocument.Parse(run.StdOut);
        var culprits = StacksJson.Culprits(json);
        Assert.NotEmpty(culprits);
        Assert.Equal("DiagScenarioController.TaskWait", culprits[0].Method);
        Assert.Equal("SyncOverAsync", culprits[0].Kind);
        Assert.True(culprits[0].Share >= 0.5, run.StdOut);
        var first = json.RootElement.GetProperty("culprits")[0];
        Assert.Contains(first.GetProperty("exampleStack").EnumerateArray(), f => f.GetString() == "DiagScenarioController.TaskWait");
        Assert.NotEmpty(json.RootElement.GetProperty("groups").EnumerateArray());
    }

    [Fact]
    public async Task Analyze_raw_and_all_show_each_thread()
    {
        var run = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait, "--raw", "--all"], Limit);
        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.Contains("ungrouped", run.StdOut);
        Assert.Matches(@"Thread \d+ \(0x[0-9A-F]+\)  \[thread pool\]", run.StdOut);
        Assert.Matches(@"Thread \d+ \(0x[0-9A-F]+\), \d+ sample", run.StdOut); // a non-pool thread, only with --all
    }

    [Fact]
    public async Task User_code_prefix_overrides_the_default()
    {
        var run = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait, "--user-code", "Microsoft.AspNetCore.Routing"], Limit);
        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.DoesNotContain("> DiagScenarioController.TaskWait", run.StdOut);
        Assert.Contains("> EndpointMiddleware.Invoke", run.StdOut);
    }

    [Fact]
    public async Task Speedscope_output_is_a_sampled_profile_per_thread()
    {
        var run = await ToolRun.RunAsync(["analyze", StackFixturePaths.PoolDoctorTaskWait, "--format", "speedscope"], Limit);
        Assert.True(run.ExitCode == 0, run.ToString());
        using var json = JsonDocument.Parse(run.StdOut);
        var root = json.RootElement;
        Assert.Equal("https://www.speedscope.app/file-format-schema.json", root.GetProperty("$schema").GetString());
        var frames = root.GetProperty("shared").GetProperty("frames").GetArrayLength();
        var profiles = root.GetProperty("profiles").EnumerateArray().ToList();
        Assert.True(profiles.Count >= 10);
        foreach (var profile in profiles)
        {
            Assert.Equal("sampled", profile.GetProperty("type").GetString());
            var samples = profile.GetProperty("samples").EnumerateArray().ToList();
            var weights = profile.GetProperty("weights").EnumerateArray().Select(w => w.GetDouble()).ToList();
            Assert.Equal(samples.Count, weights.Count);
            Assert.Equal(profile.GetProperty("endValue").GetDouble(), weights.Sum());
            Assert.All(samples, s => Assert.All(s.EnumerateArray(), i => Assert.InRange(i.GetInt32(), 0, frames - 1)));
        }
        // Root to leaf: every pool thread's first frame is the thread's start.
        var names = root.GetProperty("shared").GetProperty("frames").EnumerateArray().Select(f => f.GetProperty("name").GetString()).ToList();
        Assert.Equal("Thread.StartCallback", names[profiles[0].GetProperty("samples")[0][0].GetInt32()]);
    }

    [Theory]
    [InlineData("truncated")]
    [InlineData("corrupt")]
    [InlineData("text")]
    [InlineData("missing")]
    public async Task Damaged_or_wrong_input_gives_one_line_and_exit_1(string damage)
    {
        var bytes = Expand(StackFixturePaths.PoolDoctorTaskWait);
        var path = Path.Combine(Path.GetTempPath(), $"pooldoctor-it-{Guid.NewGuid():N}.nettrace");
        switch (damage)
        {
            case "truncated":
                File.WriteAllBytes(path, bytes[..(bytes.Length * 2 / 3)]);
                break;
            case "corrupt":
                Array.Fill(bytes, (byte)0x5A, 64, 8000);
                File.WriteAllBytes(path, bytes);
                break;
            case "text":
                File.WriteAllText(path, "this is not a trace\n");
                break;
        }
        try
        {
            var run = await ToolRun.RunAsync(["analyze", path], Limit);
            Assert.True(run.ExitCode == 1, run.ToString());
            Assert.Empty(run.StdOut);
            Assert.Single(run.StdErr.Trim().Split('\n'));
            Assert.StartsWith("dotnet-pooldoctor: error:", run.StdErr);
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static byte[] Expand(string gz)
    {
        using var input = new GZipStream(File.OpenRead(gz), CompressionMode.Decompress);
        using var output = new MemoryStream();
        input.CopyTo(output);
        return output.ToArray();
    }
}
