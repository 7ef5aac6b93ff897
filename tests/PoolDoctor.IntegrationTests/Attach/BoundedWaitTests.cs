using System.Diagnostics;
using System.Globalization;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Attach;

/// <summary>
/// Every wait on a target has a bound and a line (issue 37): a paused process, a socket that accepts and stays silent,
/// one that answers noise, one that sends a valid reply header and then nothing, a listen port nobody connects to.
/// Each run ends within its bound + 2 s, with one line on stderr naming what did not answer and exit 1 (a failed run);
/// SIGTERM ends such a wait at once.
/// </summary>
public sealed class BoundedWaitTests
{
    private const int Bound = 2;
    private static readonly TimeSpan Allowed = TimeSpan.FromSeconds(Bound + 2);

    public static TheoryData<string, string[]> AttachingVerbs => new()
    {
        { "detect", ["--timeout", "30s"] },
        { "diagnose", ["--duration", "5s"] },
        { "stacks", ["--duration", "1s"] },
        { "counters", ["--duration", "5s"] },
        { "dump", ["-o", Path.Combine(Path.GetTempPath(), "pooldoctor-never-written.dmp")] },
    };

    [Theory]
    [MemberData(nameof(AttachingVerbs))]
    public async Task A_paused_target_ends_the_verb_within_its_attach_timeout_with_one_line(string verb, string[] rest)
    {
        using var worker = await PausedWorker.StartAsync();
        var result = await RunAsync([verb, "-p", worker.Pid, "--attach-timeout", $"{Bound}s", .. rest]);
        AssertOneLineFailure(result, $"process {worker.Pid} accepted the connection but did not answer in {Bound} s: it is paused (state T in /proc/{worker.Pid}/stat");
    }

    [Fact]
    public async Task Watch_waits_for_a_paused_target_says_so_and_attaches_once_it_is_resumed()
    {
        using var worker = await PausedWorker.StartAsync();
        var reports = Directory.CreateTempSubdirectory("pooldoctor-watch-paused-").FullName;
        try
        {
            var run = ToolRun.RunAsync(["watch", "-p", worker.Pid, "--attach-timeout", "1s", "--duration", "20s", "--reports", reports], TimeSpan.FromSeconds(60));
            // Long enough for the tool to start and run out its 1 s bound at least once on a busy CI host (its output is
            // read only at the end, so the wait cannot watch for the line).
            await Task.Delay(TimeSpan.FromSeconds(8));
            worker.Resume();
            var result = await run;
            Assert.True(result.ExitCode == 0, result.ToString());
            Assert.Contains($"waiting for process {worker.Pid}: process {worker.Pid} accepted the connection but did not answer in 1 s: it is paused", result.StdOut + result.StdErr, StringComparison.Ordinal);
            Assert.Contains($"(pid {worker.Pid})", result.StdOut + result.StdErr, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(reports, recursive: true);
        }
    }

    [Fact]
    public async Task A_socket_that_accepts_and_stays_silent_ends_in_one_line()
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.Silent);
        var result = await RunAsync(["counters", "--diagnostic-port", peer.Path + ",connect", "--duration", "5s", "--attach-timeout", $"{Bound}s"]);
        AssertOneLineFailure(result, $"the runtime at {peer.Path} accepted the connection but did not answer in {Bound} s");
    }

    [Fact]
    public async Task A_socket_that_answers_noise_is_refused_at_once()
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.Garbage);
        var result = await RunAsync(["stacks", "--diagnostic-port", peer.Path, "--duration", "1s", "--attach-timeout", $"{Bound}s"]);
        AssertOneLineFailure(result, "answered with bytes that are not the .NET diagnostics protocol (no DOTNET_IPC_V1 header)");
    }

    [Fact]
    public async Task A_valid_header_followed_by_nothing_ends_in_one_line()
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.HeaderThenNothing);
        var result = await RunAsync(["dump", "--diagnostic-port", peer.Path + ",connect", "-o", Path.Combine(Path.GetTempPath(), "pooldoctor-never.dmp"), "--attach-timeout", $"{Bound}s"]);
        AssertOneLineFailure(result, $"sent a reply header announcing 65535 bytes and then nothing in {Bound} s");
    }

    [Fact]
    public async Task A_listen_port_nobody_connects_to_ends_in_one_line_naming_the_path()
    {
        var folder = Directory.CreateTempSubdirectory("pooldoctor-listen-").FullName;
        try
        {
            var port = Path.Combine(folder, "typo");
            var result = await RunAsync(["detect", "--diagnostic-port", port, "--timeout", "30s", "--attach-timeout", $"{Bound}s"]);
            AssertOneLineFailure(result, $"no runtime connected to {port} in {Bound} s");
            Assert.DoesNotContain("process 0", result.Result.StdErr, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task A_listen_port_in_a_folder_that_does_not_exist_is_refused_naming_the_folder()
    {
        var port = Path.Combine(Path.GetTempPath(), $"pooldoctor-typo-{Guid.NewGuid():N}", "path");
        var result = await RunAsync(["counters", "--diagnostic-port", port, "--duration", "5s", "--attach-timeout", $"{Bound}s"]);
        AssertOneLineFailure(result, $"cannot listen on {port}: its folder {Path.GetDirectoryName(port)} does not exist");
    }

    [Fact]
    public async Task SIGTERM_ends_a_wait_on_a_silent_socket_within_a_second()
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.Silent);
        var info = new ProcessStartInfo(ToolPaths.DotnetHost) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
        foreach (var arg in new[] { ToolPaths.ToolDll, "stacks", "--diagnostic-port", peer.Path + ",connect", "--duration", "1s", "--attach-timeout", "60s" })
        {
            info.ArgumentList.Add(arg);
        }
        using var tool = Process.Start(info)!;
        var stderr = tool.StandardError.ReadToEndAsync();
        _ = tool.StandardOutput.ReadToEndAsync();
        // Until the tool has connected: then it waits on the peer, not on its own start-up.
        var clock = Stopwatch.StartNew();
        while (peer.Connections == 0 && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            await Task.Delay(50);
        }
        Assert.True(peer.Connections > 0, "the tool never connected to the peer");
        await Task.Delay(300);
        var sent = Stopwatch.StartNew();
        using (var kill = Process.Start("kill", ["-TERM", tool.Id.ToString(CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }
        using var limit = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        await tool.WaitForExitAsync(limit.Token);
        // Under a second on a quiet host (0.2-0.7 s); CI runs four classes at a time on two cores, hence the margin.
        Assert.True(sent.Elapsed < TimeSpan.FromSeconds(2), $"exit {sent.Elapsed.TotalSeconds:F2} s after SIGTERM\n{await stderr}");
        Assert.Equal(130, tool.ExitCode);
    }

    /// <summary>Interval of each verb's counters: the first event may take the attach timeout plus two of them.</summary>
    public static TheoryData<string, string[], double> CounterVerbs => new()
    {
        { "detect", ["--timeout", "30s"], 0.5 },
        { "counters", ["--duration", "30s"], 1 },
    };

    [Theory]
    [MemberData(nameof(CounterVerbs))]
    public async Task A_runtime_that_starts_the_session_and_sends_no_event_ends_the_verb_in_one_line(string verb, string[] rest, double interval)
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.SessionThenSilent);
        var firstEvent = Bound + (2 * interval);
        var result = await RunAsync([verb, "--diagnostic-port", peer.Path + ",connect", "--attach-timeout", $"{Bound}s", .. rest]);
        Assert.True(peer.Sessions > 0, $"the tool started no session\n{result.Result}");
        var said = firstEvent.ToString("0.#", CultureInfo.InvariantCulture);
        AssertOneLineFailure(result, $"the runtime at {peer.Path} started the EventPipe session but sent no event in {said} s", TimeSpan.FromSeconds(firstEvent + 2));
    }

    [Theory]
    [InlineData("1s")]
    [InlineData("30s")]
    public async Task A_runtime_that_starts_the_stacks_session_and_sends_no_event_ends_stacks_in_one_line(string duration)
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.SessionThenSilent);
        var result = await RunAsync(["stacks", "--diagnostic-port", peer.Path + ",connect", "--attach-timeout", $"{Bound}s", "--duration", duration]);
        Assert.True(peer.Sessions > 0, $"the tool started no session\n{result.Result}");
        // The attach timeout plus a second (StackRecorder.FirstEventBound), whether the window is shorter or longer.
        AssertOneLineFailure(result, $"the runtime at {peer.Path} started the stacks session but sent no event in {Bound + 1} s", TimeSpan.FromSeconds(Bound + 1 + 2));
    }

    [Fact]
    public async Task A_dump_the_runtime_never_starts_writing_ends_in_one_line()
    {
        using var peer = FakeDiagnosticsPeer.Start(FakeDiagnosticsPeer.Answer.SessionThenSilent);
        var dump = Path.Combine(Path.GetTempPath(), $"pooldoctor-never-{Guid.NewGuid():N}.dmp");
        var result = await RunAsync(["dump", "--diagnostic-port", peer.Path + ",connect", "-o", dump, "--attach-timeout", "1s"]);
        // Three attach timeouts without the file appearing (ProgressBound), from the request.
        AssertOneLineFailure(result, $"the runtime at {peer.Path} did not start writing the dump to {dump} in 3 s", TimeSpan.FromSeconds(3 + 2));
        Assert.False(File.Exists(dump));
    }

    private static Task<(ToolResult Result, TimeSpan Waited)> RunAsync(string[] args) => BoundedRun.RunAsync(args);

    private static void AssertOneLineFailure((ToolResult Result, TimeSpan Waited) run, string expected) => AssertOneLineFailure(run, expected, Allowed);

    private static void AssertOneLineFailure((ToolResult Result, TimeSpan Waited) run, string expected, TimeSpan allowed)
    {
        var (result, waited) = run;
        Assert.True(result.ExitCode == 1, result.ToString());
        Assert.Contains(expected, result.StdErr, StringComparison.Ordinal);
        var lines = result.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(lines.Length == 1, $"expected one line on stderr:\n{result}");
        Assert.DoesNotContain("   at ", result.StdErr, StringComparison.Ordinal);
        Assert.True(waited < allowed, $"{waited.TotalSeconds:F1} s from the first wait to the exit (allowed {allowed.TotalSeconds:0.#} s: its bound + 2 s)\n{result}");
    }

    /// <summary>tests/apps/ConsoleWorker paused with SIGSTOP once its diagnostics socket exists; resumed and killed on dispose.</summary>
    private sealed class PausedWorker : IDisposable
    {
        private readonly Process _process;

        private PausedWorker(Process process) => _process = process;

        public string Pid => _process.Id.ToString(CultureInfo.InvariantCulture);

        public static async Task<PausedWorker> StartAsync()
        {
            var app = ToolPaths.TestAppDll("ConsoleWorker");
            Assert.True(File.Exists(app), $"{app} is missing: build PoolDoctor.slnx");
            var info = new ProcessStartInfo(ToolPaths.DotnetHost) { RedirectStandardOutput = true, UseShellExecute = false };
            info.ArgumentList.Add(app);
            info.ArgumentList.Add("60");
            var worker = new PausedWorker(Process.Start(info)!);
            _ = worker._process.StandardOutput.ReadToEndAsync();
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed < TimeSpan.FromSeconds(30))
            {
                try
                {
                    OwnSocket.Of(worker._process.Id);
                    worker.Signal("-STOP");
                    return worker;
                }
                catch (FileNotFoundException)
                {
                    await Task.Delay(50);
                }
            }
            worker.Dispose();
            throw new InvalidOperationException("ConsoleWorker published no diagnostics socket in 30 s");
        }

        public void Resume() => Signal("-CONT");

        private void Signal(string signal)
        {
            using var kill = Process.Start("kill", [signal, Pid])!;
            kill.WaitForExit();
        }

        public void Dispose()
        {
            if (!_process.HasExited)
            {
                Signal("-CONT");
                _process.Kill(entireProcessTree: true);
                _process.WaitForExit();
            }
            _process.Dispose();
        }
    }
}
