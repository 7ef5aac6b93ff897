using System.Diagnostics;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Corpus;

/// <summary>
/// The culprit shapes issue 34 found outside the lab, live, each in its own test app written the way teams write
/// them (tests/apps): an MVC filter doing <c>SemaphoreSlim.Wait()</c> beside a polling loop that holds one pool thread
/// from start-up (FilterShop), a SignalR hub method doing <c>.Result</c> reached over 64 hub connections with the tool
/// attached by pid (HubShop), and a POST with a JSON body and a header (PaymentsApi) with its awaiting twin. The
/// recorded captures of the same shapes are unit-test fixtures; these rows prove the whole chain on today's build.
/// </summary>
public sealed class ShapeCorpusTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(150);

    [Fact]
    public async Task A_filter_that_grows_with_the_load_ranks_above_a_polling_loop_marked_permanent()
    {
        var port = FreePort.Next();
        using var run = await Diagnose(
            ["--load", $"http://127.0.0.1:{port}/orders/42", "-c", "125", "-d", "20s"],
            App("FilterShop", port));
        var culprits = Blocking(run);
        Assert.Equal("BackendThrottleFilter.OnActionExecutionAsync", culprits[0].GetProperty("method").GetString());
        Assert.Equal("SyncWait", culprits[0].GetProperty("kind").GetString());
        var loop = culprits.Single(c => c.GetProperty("method").GetString() == "PriceSyncService.Poll");
        Assert.Equal("Permanent", loop.GetProperty("hold").GetProperty("pattern").GetString());
    }

    [Fact]
    public async Task A_hub_method_is_named_with_its_line_and_hub_entry_when_attached_by_pid()
    {
        var port = FreePort.Next();
        await using var app = await Started(App("HubShop", port), $"http://127.0.0.1:{port}/hello");
        await using var clients = await Started(
            Dotnet(ToolPaths.TestAppDll("HubShopClient"), $"http://127.0.0.1:{port}/hubs/inventory", "64", "60", "100000"), null);
        // The hub connections take a few seconds to open and fill the pool; the tool is attached to a busy service.
        await Task.Delay(TimeSpan.FromSeconds(5));
        using var run = await Diagnose(["-p", app.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture), "-d", "15s"], null);
        var top = Blocking(run)[0];
        Assert.Equal("InventoryHub.GetStock", top.GetProperty("method").GetString());
        Assert.Equal("hub InventoryHub.GetStock", top.GetProperty("entry").GetString());
        Assert.Equal("tests/apps/HubShop/Inventory/InventoryHub.cs", top.GetProperty("repositoryFile").GetString());
        Assert.Equal(9, top.GetProperty("line").GetInt32());
    }

    [Theory]
    [InlineData("payments", "PaymentService.Charge")]
    [InlineData("payments/async", null)]
    public async Task A_post_with_a_body_and_a_header_is_diagnosed_in_one_command(string route, string? expected)
    {
        var port = FreePort.Next();
        using var run = await Diagnose(
            ["--load", $"http://127.0.0.1:{port}/{route}", "-m", "POST", "-H", "Content-Type: application/json", "-H", "Idempotency-Key: 6f1c2a",
             "--body", """{"card":"4242","amount":12.5,"currency":"EUR"}""", "-c", "125", "-d", "20s"],
            App("PaymentsApi", port));
        var root = run.Report.RootElement;
        if (expected is null)
        {
            Assert.NotEqual("Starving", root.GetProperty("verdict").GetString());
            Assert.Empty(root.GetProperty("culprits").EnumerateArray());
            return;
        }
        Assert.Equal(expected, Blocking(run)[0].GetProperty("method").GetString());
    }

    private static IReadOnlyList<string> App(string name, int port)
    {
        var dll = ToolPaths.TestAppDll(name);
        Assert.True(File.Exists(dll), $"{dll} is missing: build PoolDoctor.slnx");
        return [ToolPaths.DotnetHost, dll, "--urls", $"http://127.0.0.1:{port}"];
    }

    private static ProcessStartInfo Dotnet(string dll, params string[] args)
    {
        Assert.True(File.Exists(dll), $"{dll} is missing: build PoolDoctor.slnx");
        var info = new ProcessStartInfo(ToolPaths.DotnetHost) { ArgumentList = { dll } };
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }
        return info;
    }

    // diagnose with the verdict's record cut short (--min-duration 0) and the load from the first second (--baseline 0):
    // what these rows check is the culprit, and the class's time is CI's.
    private static async Task<DiagnoseRun> Diagnose(IReadOnlyList<string> args, IReadOnlyList<string>? child)
    {
        var output = Directory.CreateTempSubdirectory("pooldoctor-shapes-").FullName;
        List<string> all = ["diagnose", .. args, "--min-duration", "0", "-o", output];
        if (child is not null)
        {
            all.InsertRange(all.IndexOf("--min-duration"), ["--baseline", "0"]);
            all.AddRange(["--", .. child]);
        }
        var result = await ToolRun.RunAsync(all, Limit);
        var path = Path.Combine(output, "report.json");
        Assert.True(result.ExitCode == 0 && File.Exists(path), result.ToString());
        return new DiagnoseRun(result, JsonDocument.Parse(await File.ReadAllTextAsync(path)));
    }

    private static List<JsonElement> Blocking(DiagnoseRun run)
    {
        var root = run.Report.RootElement;
        Assert.True(root.GetProperty("verdict").GetString() is "Starving" or "BlockingCompensated", run.Result.ToString());
        var culprits = root.GetProperty("culprits").EnumerateArray().ToList();
        Assert.True(culprits.Count > 0, run.Result.ToString());
        return culprits;
    }

    private static Task<Child> Started(IReadOnlyList<string> command, string readyUrl) =>
        Started(Dotnet(command[1], [.. command.Skip(2)]), readyUrl);

    // A server is ready when its URL answers (HubShop logs nothing); a client is started and left to run.
    private static async Task<Child> Started(ProcessStartInfo info, string? readyUrl)
    {
        var child = new Child(info);
        if (readyUrl is null)
        {
            return child;
        }
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        for (var i = 0; i < 60 && !child.HasExited; i++)
        {
            try
            {
                await http.GetStringAsync(readyUrl);
                return child;
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                await Task.Delay(500);
            }
        }
        var output = child.Output;
        await child.DisposeAsync();
        throw new InvalidOperationException($"{readyUrl} did not answer in 30 s:\n{output}");
    }

    /// <summary>A process the test started: its output kept for failure messages, killed with its children on dispose.</summary>
    private sealed class Child : IAsyncDisposable
    {
        private readonly Process _process;
        private readonly System.Text.StringBuilder _output = new();

        public Child(ProcessStartInfo info)
        {
            info.RedirectStandardOutput = true;
            info.RedirectStandardError = true;
            info.UseShellExecute = false;
            _process = Process.Start(info)!;
            _process.OutputDataReceived += (_, e) => Keep(e.Data);
            _process.ErrorDataReceived += (_, e) => Keep(e.Data);
            _process.BeginOutputReadLine();
            _process.BeginErrorReadLine();
        }

        public int ProcessId => _process.Id;

        public bool HasExited => _process.HasExited;

        public string Output { get { lock (_output) { return _output.ToString(); } } }

        public async ValueTask DisposeAsync()
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
                await _process.WaitForExitAsync();
            }
            _process.Dispose();
        }

        private void Keep(string? line)
        {
            if (line is not null)
            {
                lock (_output)
                {
                    _output.AppendLine(line);
                }
            }
        }
    }

    private sealed record DiagnoseRun(ToolResult Result, JsonDocument Report) : IDisposable
    {
        public void Dispose() => Report.Dispose();
    }
}
