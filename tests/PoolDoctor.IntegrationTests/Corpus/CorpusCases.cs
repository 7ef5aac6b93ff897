using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.Lab.Scenarios;
using PoolDoctor.Load;

namespace PoolDoctor.IntegrationTests.Corpus;

/// <summary>
/// Every lab pattern, in both hosts, built in Release with no attribute that changes inlining, under 125 connections:
/// `diagnose -p` must give the right verdict and name the call site, kind and entry the lab's table expects; the
/// negatives must never read as starving. A fresh lab per scenario, so threads injected for one never help the next.
/// The cases are split over four classes (<see cref="MinimalBlockingCorpusTests"/>, <see cref="MvcBlockingCorpusTests"/>,
/// <see cref="MvcHealthyCorpusTests"/>, <see cref="MinimalHealthyCorpusTests"/>) only so that scripts/test.sh can run
/// them side by side: xUnit runs one class's tests one after another.
/// </summary>
internal static class CorpusCases
{
    private static readonly TimeSpan LoadLimit = TimeSpan.FromSeconds(25);

    public static TheoryData<LabHost, string> BlockingScenarios(Func<LabHost, bool> host) =>
        Data(LabScenarios.All.Where(s => s.Blocking && host(s.Host)));

    // The fixed twins once per host would double the run for no new code path: the host-specific negatives
    // (twins of host-specific patterns) run in their own host, the shared ones alternate. tenant/async awaits the same
    // directory customers/42/async's path already covers (LabSmokeTests checks it answers).
    public static TheoryData<LabHost, string> HealthyScenarios(Func<LabHost, bool> host) => Data(LabScenarios.All
        .Where(s => !s.Blocking && !s.BackgroundRun && s.Route != "tenant/async")
        .Where(s => s.Host is LabHost.Mvc or LabHost.Grpc || s.Route is "hello" or "slowasync" or "alloc" or "customers/42/async" or "filter/async")
        .Where(s => host(s.Host)));

    private static TheoryData<LabHost, string> Data(IEnumerable<LabScenario> scenarios)
    {
        var data = new TheoryData<LabHost, string>();
        foreach (var s in scenarios)
        {
            data.Add(s.Host, s.Route);
        }
        return data;
    }

    public static async Task A_blocking_pattern_is_diagnosed_with_its_call_site_kind_and_entry(LabHost host, string route)
    {
        var scenario = LabScenarios.Find(host, route)!;
        var (result, report) = await DiagnoseUnderLoad(scenario, TimeSpan.FromSeconds(20));
        var root = report.RootElement;
        var context = $"{Digest(scenario, root)}\n{result}";
        AccuracyTable.Append(scenario, root);

        Assert.True(root.GetProperty("verdict").GetString() is "Starving" or "BlockingCompensated", $"verdict\n{context}");
        var top = root.GetProperty("culprits")[0];
        Assert.True(scenario.CallSite == top.GetProperty("method").GetString(), $"method: expected {scenario.CallSite}\n{context}");
        Assert.True(scenario.Kind.ToString() == top.GetProperty("kind").GetString(), $"kind: expected {scenario.Kind}\n{context}");
        Assert.True(scenario.Entry == top.GetProperty("entry").GetString(), $"entry: expected {scenario.Entry}\n{context}");
        Assert.DoesNotContain("lambda_method", top.GetProperty("method").GetString());
    }

    public static async Task A_healthy_route_never_reads_as_starving_and_names_no_culprit(LabHost host, string route)
    {
        var scenario = LabScenarios.Find(host, route)!;
        var (result, report) = await DiagnoseUnderLoad(scenario, TimeSpan.FromSeconds(8));
        var root = report.RootElement;
        AccuracyTable.Append(scenario, root);

        var context = $"{Digest(scenario, root)}\n{result}";
        Assert.True(root.GetProperty("verdict").GetString() != "Starving", $"verdict\n{context}");
        foreach (var culprit in root.GetProperty("culprits").EnumerateArray())
        {
            Assert.True(culprit.GetProperty("share").GetDouble() <= 0.10, $"share over 10 %\n{context}");
        }
    }

    /// <summary>
    /// What the report said, on one line: CI keeps only the tail of its log, so a failure's first lines must tell a wrong
    /// verdict from a wrong culprit without the tool's whole output.
    /// </summary>
    private static string Digest(LabScenario scenario, JsonElement report)
    {
        var culprits = report.GetProperty("culprits").EnumerateArray().Take(3).Select(c =>
            $"{c.GetProperty("method").GetString()} {c.GetProperty("kind").GetString()} {c.GetProperty("share").GetDouble():P0} entry={(c.TryGetProperty("entry", out var e) ? e.GetString() : null)}");
        var verdictAt = report.GetProperty("verdictAtSeconds") is { ValueKind: JsonValueKind.Number } at ? $"{at.GetDouble():0.0} s" : "-";
        return $"{scenario.Host} {scenario.Path}: verdict {report.GetProperty("verdict").GetString()} ({report.GetProperty("rule").GetString()}, at {verdictAt}); culprits: {string.Join("; ", culprits)}";
    }

    private static async Task<(ToolResult Result, JsonDocument Report)> DiagnoseUnderLoad(LabScenario scenario, TimeSpan watch)
    {
        var environment = scenario.ServerSizedPool
            ? new Dictionary<string, string> { ["DOTNET_ThreadPool_ForceMinWorkerThreads"] = "0x10" }
            : new Dictionary<string, string>();
        var output = Directory.CreateTempSubdirectory("pooldoctor-corpus-").FullName;
        var result = scenario.BackgroundRun
            ? await DiagnoseBackgroundRun(scenario, watch, environment, output)
            : await DiagnoseLaunched(scenario, watch, environment, output);
        Assert.True(result.ExitCode == 0, result.ToString());
        return (result, JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json"))));
    }

    /// <summary>
    /// The one-command run a user makes on their own app: the tool starts the lab, attaches, waits for the route to answer,
    /// loads it and diagnoses it, then stops the lab. The load is the tool's own, bounded by the watch.
    /// </summary>
    private static async Task<ToolResult> DiagnoseLaunched(LabScenario scenario, TimeSpan watch, Dictionary<string, string> environment, string output)
    {
        var port = FreePort.Next();
        // gRPC is loaded on the lab's HTTP/2-only port, with the tool's --grpc load.
        var grpcPort = FreePort.Next();
        string[] protocol = scenario.Host == LabHost.Grpc ? ["--grpc"] : [];
        var loadPort = scenario.Host == LabHost.Grpc ? grpcPort : port;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--baseline", "0", "--load", $"http://127.0.0.1:{loadPort}{scenario.Path}", .. protocol, "-c", "125", "--duration", $"{(int)watch.TotalSeconds}s", "-o", output,
             "--", ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}", "--grpc-urls", $"http://127.0.0.1:{grpcPort}"],
            TimeSpan.FromSeconds(120),
            environment);
        var loadLine = result.StdOut.Split('\n').FirstOrDefault(l => l.StartsWith("load ", StringComparison.Ordinal));
        Assert.True(loadLine is not null, $"no load line: the load never ran\n{result}");
        return result;
    }

    /// <summary>
    /// A pattern that blocks outside requests (a timer, a hosted service): its route starts it, a load on `hello` shows what
    /// it does to requests, and `diagnose -p` attaches to the running lab as an SRE would.
    /// </summary>
    private static async Task<ToolResult> DiagnoseBackgroundRun(LabScenario scenario, TimeSpan watch, Dictionary<string, string> environment, string output)
    {
        await using var lab = await LabProcess.StartAsync(environment: environment);
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(60) };
        // The pattern starts blocking pool threads at once, so the response to the request that started it may itself
        // wait for a thread: a reply within 5 s must be a success, no reply yet is the pattern at work (the diagnosis
        // below then shows it ran).
        var trigger = http.GetAsync(lab.PathUrl(scenario.Path) + "?seconds=30");
        if (await Task.WhenAny(trigger, Task.Delay(TimeSpan.FromSeconds(5))) == trigger)
        {
            (await trigger).EnsureSuccessStatusCode();
        }
        using var stopLoad = new CancellationTokenSource(LoadLimit);
        var loaded = lab.PathUrl(LabScenarios.Find(scenario.Host, "hello")!.Path);
        var load = LoadRunner.RunAsync(
            new LoadOptions { Url = new Uri(loaded), Connections = 125, Duration = LoadLimit, Timeout = TimeSpan.FromSeconds(15) },
            progress: null,
            stopLoad.Token);
        await Task.Delay(1000);
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "-p", lab.ProcessId.ToString(), "--duration", $"{(int)watch.TotalSeconds}s", "-o", output],
            TimeSpan.FromSeconds(90));
        await stopLoad.CancelAsync();
        await load;
        return result;
    }
}
