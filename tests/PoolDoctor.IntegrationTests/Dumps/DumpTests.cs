using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using PoolDoctor.IntegrationTests.Corpus;
using PoolDoctor.IntegrationTests.Infrastructure;
using PoolDoctor.IntegrationTests.Stacks;
using PoolDoctor.Lab.Scenarios;
using Xunit.Abstractions;

namespace PoolDoctor.IntegrationTests.Dumps;

/// <summary>
/// The issue's acceptance for dumps: `dump` of the lab starving on taskwait, then `analyze` of that dump, names the
/// same call site, kind and source line the corpus expects of a live capture, and the thread pool's state matches
/// what `counters` showed just before. Dumps are hundreds of MB: each is deleted as soon as it has been read.
/// </summary>
// Blocking shows whatever the other lane does: scripts/test.sh may run these beside another paired test.
public sealed partial class DumpTests(ITestOutputHelper output)
{
    private const int Connections = 125;
    private static readonly TimeSpan WarmUp = TimeSpan.FromSeconds(6);

    /// <summary>
    /// Starving, the pool adds a thread every ~250 ms, so a count read a few seconds before the dump would differ by
    /// more than the issue's ±2. A maximum of 20 workers (the runtime reads hex) lets the pool fill up and hold still,
    /// still starving, so `counters` and the dump see the same pool.
    /// </summary>
    private static readonly Dictionary<string, string> HeldPool = new() { ["DOTNET_ThreadPool_ForceMaxWorkerThreads"] = "0x14" };

    /// <summary>
    /// Production dumps come from services that ran for hours: hot code tier-1, handlers inlined into the generated
    /// delegates that call them. 30 s of a load the pool keeps up with gets the lab there (125 connections from the
    /// start starve it before a request completes); then the full load starves it, as in the issue.
    /// </summary>
    private static readonly TimeSpan Warm = TimeSpan.FromSeconds(30);

    private const int WarmConnections = 8;

    /// <summary>
    /// The issue-20 miss: `dump -p` (a full dump, the default) of the warmed lab, then `analyze`, named `?` (a full dump
    /// names the dynamic method that holds the inlined handler, and the reader took it for an unknown frame). Now the
    /// dump names what a live capture of the same state names: call site, kind, API, chain, entry, file:line, all
    /// recovered from the app's IL (the handler is inlined, so not on the stack).
    /// </summary>
    [Theory]
    [InlineData(LabHost.Mvc)]
    [InlineData(LabHost.Minimal)]
    public async Task Full_dump_of_the_warmed_lab_names_the_inlined_call_site_as_a_live_capture_does(LabHost host)
    {
        var scenario = LabScenarios.Find(host, "taskwait")!;
        await using var lab = await LabProcess.StartAsync();
        int completed;
        await using (var warm = new LoopLoad(lab.PathUrl(scenario.Path), WarmConnections, TimeSpan.FromSeconds(90)))
        {
            await Task.Delay(Warm);
            completed = warm.Completions.Count;
        }
        await using var load = new LoopLoad(lab.PathUrl(scenario.Path), Connections, TimeSpan.FromSeconds(120));
        await Task.Delay(WarmUp);
        var (liveJson, liveRun) = await StacksJson.CaptureAsync(lab.ProcessId, "--duration", "2s");
        using var live = liveJson;
        var liveTop = live.RootElement.GetProperty("culprits")[0];

        var dump = TempDump();
        try
        {
            var written = await ToolRun.RunAsync(["dump", "-p", lab.ProcessId.ToString(CultureInfo.InvariantCulture), "-o", dump], TimeSpan.FromSeconds(120));
            Assert.True(written.ExitCode == 0, written.ToString());
            Assert.Matches(@"\(full dump of process \d+\)", written.StdOut);
            var analyzed = await ToolRun.RunAsync(["analyze", dump, "--format", "json"], TimeSpan.FromSeconds(180));
            Assert.True(analyzed.ExitCode == 0, analyzed.ToString());
            using var json = JsonDocument.Parse(analyzed.StdOut);
            var top = json.RootElement.GetProperty("culprits")[0];
            var why = $"dump: {StacksJson.Describe(json, analyzed)} | live: {StacksJson.Describe(live, liveRun)} | {completed} requests completed in the warm-up";
            AccuracyTable.AppendDump(scenario, json.RootElement, $"full, warmed {Warm.TotalSeconds:F0} s");

            Assert.True(completed >= 100, why);
            Assert.True(top.GetProperty("method").GetString() == scenario.CallSite, why);
            Assert.True(top.GetProperty("source").GetString() == "Il", why);
            Assert.True(top.GetProperty("entry").GetString() == scenario.Entry, why);
            var file = top.GetProperty("file").GetString()!;
            var line = top.GetProperty("line").GetInt32();
            Assert.Contains(".Result", File.ReadAllLines(file)[line - 1], StringComparison.Ordinal);
            foreach (var field in new[] { "method", "kind", "api", "entry", "source", "file", "line", "chain" })
            {
                Assert.True(top.GetProperty(field).ToString() == liveTop.GetProperty(field).ToString(),
                    $"{field}: dump {top.GetProperty(field)}, live {liveTop.GetProperty(field)} | {why}");
            }
            output.WriteLine($"{host}: {completed} requests in {Warm.TotalSeconds:F0} s at {WarmConnections} connections, then {WarmUp.TotalSeconds:F0} s at {Connections}; {written.StdOut.Trim()}; "
                + $"dump and live: {top.GetProperty("method")} ({top.GetProperty("source")}) at {Path.GetFileName(file)}:{line}, "
                + $"entry {top.GetProperty("entry")}, chain {top.GetProperty("chain")}");
        }
        finally
        {
            File.Delete(dump);
        }
    }

    [Theory]
    [InlineData(LabHost.Mvc)]
    [InlineData(LabHost.Minimal)]
    public async Task Dump_of_the_starving_lab_names_the_taskwait_call_site_with_its_line_and_the_pool_state(LabHost host)
    {
        var scenario = LabScenarios.Find(host, "taskwait")!;
        await using var lab = await LabProcess.StartAsync(environment: HeldPool);
        var pid = lab.ProcessId.ToString(CultureInfo.InvariantCulture);
        await using var load = new LoopLoad(lab.PathUrl(scenario.Path), Connections, TimeSpan.FromSeconds(120));
        await Task.Delay(WarmUp);
        var counters = await ToolRun.RunAsync(["counters", "-p", pid, "--duration", "3s"], TimeSpan.FromSeconds(60));
        Assert.True(counters.ExitCode == 0, counters.ToString());
        var poolThreads = ThreadsShown(counters.StdOut);

        var dump = TempDump();
        try
        {
            var written = await ToolRun.RunAsync(["dump", "-p", pid, "-o", dump, "--type", "heap"], TimeSpan.FromSeconds(120));
            Assert.True(written.ExitCode == 0, written.ToString());
            Assert.Contains(dump, written.StdOut);
            Assert.Matches(@"\d+\.\d MB \(heap dump of process \d+\)", written.StdOut);
            Assert.False(lab.HasExited, lab.Output);

            var analyzed = await ToolRun.RunAsync(["analyze", dump, "--format", "json"], TimeSpan.FromSeconds(180));
            Assert.True(analyzed.ExitCode == 0, analyzed.ToString());
            using var json = JsonDocument.Parse(analyzed.StdOut);
            var root = json.RootElement;
            var why = StacksJson.Describe(json, analyzed) + $" | counters threads {poolThreads}";
            Assert.True(root.GetProperty("coreDump").GetBoolean(), why);
            Assert.Contains("each thread counts once", root.GetProperty("note").GetString(), StringComparison.Ordinal);

            var top = root.GetProperty("culprits")[0];
            Assert.True(top.GetProperty("method").GetString()!.EndsWith(scenario.CallSite!, StringComparison.Ordinal), why);
            Assert.True(top.GetProperty("kind").GetString() == "SyncOverAsync", why);
            var file = top.GetProperty("file").GetString()!;
            var line = top.GetProperty("line").GetInt32();
            Assert.True(File.Exists(file), $"{file} | {why}");
            Assert.Contains(".Result", File.ReadAllLines(file)[line - 1], StringComparison.Ordinal);

            var pool = root.GetProperty("threadPool");
            var dumped = pool.GetProperty("threads").GetInt32();
            Assert.True(Math.Abs(dumped - poolThreads) <= 2, $"dump: {dumped} pool threads, counters: {poolThreads} | {why}");
            Assert.Equal(20, pool.GetProperty("maxThreads").GetInt32());
            Assert.True(pool.GetProperty("queued").GetInt64() >= 0, why);
            output.WriteLine($"{host}: counters {poolThreads} threads; dump {dumped} threads, {pool.GetProperty("queued")} queued; "
                + $"{written.StdOut.Trim()} in {written.Elapsed.TotalSeconds:F1} s; analyze {analyzed.Elapsed.TotalSeconds:F1} s; "
                + $"{top.GetProperty("method")} at {Path.GetFileName(file)}:{line}");

            // Read away from the app's folder: --symbols copies stand in for the paths the dump records. The same
            // build gives the same line; another build (here another assembly under the app's name, so its CodeView
            // id differs from the one the dump recorded) gives none, and says why.
            foreach (var sameBuild in new[] { true, false })
            {
                var symbols = SymbolsCopy(sameBuild);
                try
                {
                    var elsewhere = await ToolRun.RunAsync(["analyze", dump, "--format", "json", "--symbols", symbols], TimeSpan.FromSeconds(180));
                    Assert.True(elsewhere.ExitCode == 0, elsewhere.ToString());
                    using var read = JsonDocument.Parse(elsewhere.StdOut);
                    var first = read.RootElement.GetProperty("culprits")[0];
                    var readWhy = $"same build {sameBuild}: {StacksJson.Describe(read, elsewhere)}";
                    if (sameBuild)
                    {
                        Assert.True(first.GetProperty("method").GetString()!.EndsWith(scenario.CallSite!, StringComparison.Ordinal), readWhy);
                        Assert.True(first.GetProperty("line").GetInt32() == line, readWhy);
                        Assert.DoesNotContain("another build", elsewhere.StdErr, StringComparison.Ordinal);
                    }
                    else
                    {
                        Assert.False(first.TryGetProperty("line", out var none) && none.ValueKind == JsonValueKind.Number, readWhy);
                        Assert.Contains("PoolDoctor.Lab: '" + Path.Combine(symbols, "PoolDoctor.Lab.dll") + "' is another build", elsewhere.StdErr, StringComparison.Ordinal);
                    }
                }
                finally
                {
                    Directory.Delete(symbols, recursive: true);
                }
            }

            // A copy cut off after 4 MB: named as truncated, in one line.
            var cut = TempDump();
            try
            {
                await CopyPrefixAsync(dump, cut, 4 * 1024 * 1024);
                var truncated = await ToolRun.RunAsync(["analyze", cut], TimeSpan.FromSeconds(60));
                AssertOneLineError(truncated, "is truncated");
            }
            finally
            {
                File.Delete(cut);
            }
        }
        finally
        {
            File.Delete(dump);
        }
    }

    /// <summary>A target started against a reverse port waits for its client; `dump` resumes it before dumping, so the
    /// lab gets to listen (LabProcess waits for that) and the dump shows it running.</summary>
    [Fact]
    public async Task Dump_over_a_reverse_port_resumes_the_target()
    {
        var socket = Path.Combine(Path.GetTempPath(), $"pooldoctor-test-{Guid.NewGuid():N}.sock");
        var dump = TempDump();
        try
        {
            var run = ToolRun.RunAsync(["dump", "--diagnostic-port", socket + ",listen", "-o", dump, "--type", "mini"], TimeSpan.FromSeconds(90));
            await Task.Delay(TimeSpan.FromSeconds(2));
            await using var lab = await LabProcess.StartAsync(environment: new Dictionary<string, string> { ["DOTNET_DiagnosticPorts"] = socket });
            var written = await run;
            Assert.True(written.ExitCode == 0, written.ToString());
            Assert.Contains("(mini dump of", written.StdOut, StringComparison.Ordinal);
            Assert.True(new FileInfo(dump).Length > 0, written.ToString());
            Assert.False(lab.HasExited, lab.Output);
        }
        finally
        {
            File.Delete(dump);
            File.Delete(socket);
        }
    }

    [Fact]
    public async Task An_executable_is_not_a_core_dump()
    {
        var run = await ToolRun.RunAsync(["analyze", Environment.ProcessPath!], TimeSpan.FromSeconds(60));
        AssertOneLineError(run, "is an ELF file but not a core dump");
    }

    [Fact]
    public async Task A_file_cut_off_inside_its_ELF_header_is_refused()
    {
        var path = TempDump();
        try
        {
            await File.WriteAllBytesAsync(path, [0x7F, (byte)'E', (byte)'L', (byte)'F', 2, 1, 1]);
            var run = await ToolRun.RunAsync(["analyze", path], TimeSpan.FromSeconds(60));
            AssertOneLineError(run, "cut off inside its ELF header");
        }
        finally
        {
            File.Delete(path);
        }
    }

    [SkippableFact]
    public async Task A_core_dump_of_a_process_without_dotnet_is_refused()
    {
        var gcore = new[] { "/usr/bin/gcore", "/bin/gcore" }.FirstOrDefault(File.Exists);
        if (gcore is null)
        {
            throw MissingDependency.SkipOrFail("gdb's gcore", "apt-get install gdb");
        }
        using var sleeper = Process.Start(new ProcessStartInfo("sleep", "60") { UseShellExecute = false })!;
        var prefix = Path.Combine(Path.GetTempPath(), $"pooldoctor-test-{Guid.NewGuid():N}");
        var core = $"{prefix}.{sleeper.Id}";
        try
        {
            using (var dumper = Process.Start(new ProcessStartInfo(gcore!, $"-o {prefix} {sleeper.Id}")
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            })!)
            {
                await dumper.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));
            }
            if (!File.Exists(core))
            {
                throw MissingDependency.SkipOrFail("a gcore that may trace processes here", "ptrace permission for this user");
            }
            var run = await ToolRun.RunAsync(["analyze", core], TimeSpan.FromSeconds(60));
            AssertOneLineError(run, "holds no .NET runtime");
        }
        finally
        {
            sleeper.Kill();
            File.Delete(core);
        }
    }

    [Fact]
    public async Task Dump_of_a_process_that_is_not_dotnet_fails_in_one_line()
    {
        var run = await ToolRun.RunAsync(["dump", "-p", Environment.ProcessId == 1 ? "2" : "1", "-o", TempDump()], TimeSpan.FromSeconds(60));
        AssertOneLineError(run, "not a .NET process");
    }

    [Fact]
    public async Task Dump_type_must_be_one_the_runtime_knows()
    {
        var run = await ToolRun.RunAsync(["dump", "-p", "1", "--type", "huge"], TimeSpan.FromSeconds(60));
        Assert.True(run.ExitCode == 2, run.ToString());
        Assert.Contains("--type: 'huge' is not one of mini, heap, full, triage", run.StdErr, StringComparison.Ordinal);
    }

    private static void AssertOneLineError(ToolResult run, string expected)
    {
        Assert.True(run.ExitCode == 1, run.ToString());
        var lines = run.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(lines.Length == 1, run.ToString());
        Assert.Contains(expected, lines[0], StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", run.StdErr, StringComparison.Ordinal);
    }

    private static int ThreadsShown(string countersText)
    {
        var matches = ThreadsField().Matches(countersText);
        Assert.True(matches.Count > 0, countersText);
        return int.Parse(matches[^1].Groups[1].Value, CultureInfo.InvariantCulture);
    }

    /// <summary>The lab's assemblies as a deployment folder elsewhere: its deps.json and, as PoolDoctor.Lab.dll, the
    /// lab's own build with its PDB or another assembly (another build as far as its CodeView id says).</summary>
    private static string SymbolsCopy(bool sameBuild)
    {
        var from = Path.GetDirectoryName(ToolPaths.ToolDll)!;
        var to = Path.Combine(Path.GetTempPath(), $"pooldoctor-symbols-{Guid.NewGuid():N}");
        Directory.CreateDirectory(to);
        File.Copy(Path.Combine(from, "dotnet-pooldoctor.deps.json"), Path.Combine(to, "dotnet-pooldoctor.deps.json"));
        if (sameBuild)
        {
            File.Copy(Path.Combine(from, "PoolDoctor.Lab.dll"), Path.Combine(to, "PoolDoctor.Lab.dll"));
            File.Copy(Path.Combine(from, "PoolDoctor.Lab.pdb"), Path.Combine(to, "PoolDoctor.Lab.pdb"));
        }
        else
        {
            File.Copy(Path.Combine(from, "PoolDoctor.Model.dll"), Path.Combine(to, "PoolDoctor.Lab.dll"));
        }
        return to;
    }

    private static string TempDump() => Path.Combine(Path.GetTempPath(), $"pooldoctor-test-{Guid.NewGuid():N}.core");

    private static async Task CopyPrefixAsync(string from, string to, int bytes)
    {
        await using var source = File.OpenRead(from);
        await using var target = File.Create(to);
        var buffer = new byte[bytes];
        var read = await source.ReadAtLeastAsync(buffer, bytes, throwOnEndOfStream: false);
        await target.WriteAsync(buffer.AsMemory(0, read));
    }

    [GeneratedRegex(@"threads=(\d+)")]
    private static partial Regex ThreadsField();
}
