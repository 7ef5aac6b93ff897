using System.Text.Json;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

public sealed class ReportContextTests
{
    [Fact]
    public void Json_target_carries_the_context_and_says_why_each_null_is_null()
    {
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"))));
        var target = doc.RootElement.GetProperty("target");
        Assert.Equal(4242, target.GetProperty("pid").GetInt32());
        Assert.Equal("10.0.0", target.GetProperty("runtimeVersion").GetString());
        Assert.Equal(2, target.GetProperty("processorCount").GetInt32());
        Assert.Equal("dotnet lab.dll", target.GetProperty("commandLine").GetString());
        foreach (var key in new[] { "cpuLimit", "minWorkerThreads", "maxWorkerThreads" })
        {
            Assert.Equal(JsonValueKind.Null, target.GetProperty(key).ValueKind);
            Assert.False(string.IsNullOrEmpty(target.GetProperty("unknown").GetProperty(key).GetString()), key);
        }
        var tool = doc.RootElement.GetProperty("toolInfo");
        Assert.Equal("0.1.0-test", tool.GetProperty("version").GetString());
        Assert.Equal("dotnet-pooldoctor diagnose -n lab", tool.GetProperty("commandLine").GetString());
        // The first key of report.json stays the tool's name: consumers read it as a string.
        Assert.Equal("dotnet-pooldoctor", doc.RootElement.GetProperty("tool").GetString());
        Assert.Equal(1, doc.RootElement.GetProperty("schemaVersion").GetInt32());
    }

    [Fact]
    public void A_report_without_context_says_it_was_not_gathered_and_invents_nothing()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with { Context = null };
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(report));
        var target = doc.RootElement.GetProperty("target");
        Assert.Equal(JsonValueKind.Null, target.GetProperty("runtimeVersion").ValueKind);
        Assert.Equal(JsonValueKind.Null, target.GetProperty("processorCount").ValueKind);
        Assert.Equal("not gathered by this run", target.GetProperty("unknown").GetProperty("context").GetString());
        Assert.Contains("not gathered by this run", ReportHtmlWriter.Write(report));
    }

    [Fact]
    public void Html_and_text_show_known_values_and_the_reason_for_unknown_ones()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var html = ReportHtmlWriter.Write(report);
        Assert.Contains("<dd id=\"ctx-runtimeVersion\">.NET 10.0.0</dd>", html);
        Assert.Contains("<dd id=\"ctx-cpuLimit\" class=\"unknown\">unknown: no CPU quota (cgroup cpu.max is &quot;max&quot;)</dd>", html);
        Assert.Contains("dotnet-pooldoctor 0.1.0-test", html);

        var lines = ContextText.Lines(report.Context);
        Assert.StartsWith("runtime: .NET 10.0.0; processors: 2; CPU limit: unknown (no CPU quota", lines[0]);
        Assert.Equal("tool: dotnet-pooldoctor 0.1.0-test: dotnet-pooldoctor diagnose -n lab", lines[^1]);
    }

    [Fact]
    public void A_cpu_limit_that_was_read_is_shown_in_cores()
    {
        var context = DoctorFixtures.Context(2);
        context = context with { Target = context.Target with { CpuLimit = 1.5, Unknown = new Dictionary<string, string>() } };
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with { Context = context };
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(report));
        Assert.Equal(1.5, doc.RootElement.GetProperty("target").GetProperty("cpuLimit").GetDouble());
        Assert.Contains("<dd id=\"ctx-cpuLimit\">1.5 cores (cgroup cpu.max)</dd>", ReportHtmlWriter.Write(report));
        Assert.Contains("CPU limit: 1.5 cores", ContextText.Lines(report.Context)[0]);
    }
}
