using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using System.Text.RegularExpressions;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// Runs that start the user's app themselves: `compare ... -- COMMAND` with a fresh process per variant, and an app
/// that cannot start because its port is taken (one line with its own output, nothing left running).
/// </summary>
public sealed class LaunchedRunTests
{
    [Fact]
    public async Task Compare_starts_a_fresh_process_per_variant_and_stops_each_one()
    {
        var port = FreePort.Next();
        var url = $"http://127.0.0.1:{port}/api/diagscenario";
        var result = await ToolRun.RunAsync(
            ["compare", $"taskwait={url}/taskwait", $"taskasyncwait={url}/taskasyncwait", "-c", "125", "-d", "6s", "--timeout", "6s", "--format", "json", "--",
             ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(150));

        Assert.True(result.ExitCode == 0, result.ToString());
        var pids = Regex.Matches(result.StdErr, @"watching pid (\d+) \(started for this variant\)").Select(m => int.Parse(m.Groups[1].Value)).ToList();
        Assert.Equal(2, pids.Count);
        Assert.NotEqual(pids[0], pids[1]);
        Assert.All(pids, pid => Assert.False(IsRunning(pid), $"pid {pid} still runs after compare exited"));

        using var doc = JsonDocument.Parse(result.StdOut);
        var rows = doc.RootElement.GetProperty("variants");
        Assert.Equal(2, rows.GetArrayLength());
        var blocking = rows[0];
        var fixedRow = rows[1];
        Assert.Matches("^(Starving|BlockingCompensated)$", blocking.GetProperty("verdict").GetString());
        Assert.Equal("Healthy", fixedRow.GetProperty("verdict").GetString());
        Assert.True(fixedRow.GetProperty("requests").GetInt64() > blocking.GetProperty("requests").GetInt64(), result.StdOut);
        // A fresh process: the fixed variant starts from the runtime's few threads, not from the blocked run's dozens.
        Assert.True(fixedRow.GetProperty("peakThreads").GetDouble() < blocking.GetProperty("peakThreads").GetDouble(), result.StdOut);
    }

    [Fact]
    public async Task Compare_show_child_io_prefixes_the_apps_output_on_stderr_and_keeps_stdout_json()
    {
        var port = FreePort.Next();
        var result = await ToolRun.RunAsync(
            ["compare", $"hello=http://127.0.0.1:{port}/api/diagscenario/hello", "-c", "4", "-d", "2s", "--format", "json", "--show-child-io", "--",
             ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(90));

        Assert.True(result.ExitCode == 0, result.ToString());
        // The lab's own start-up lines, as it printed them, under the command's name.
        Assert.Contains(result.StdErr.Split('\n'), l => l.StartsWith("[dotnet] ", StringComparison.Ordinal) && l.Contains($"127.0.0.1:{port}", StringComparison.Ordinal));
        using var doc = JsonDocument.Parse(result.StdOut);
        Assert.Equal(1, doc.RootElement.GetProperty("variants").GetArrayLength());
    }

    [Fact]
    public async Task A_launched_app_that_dies_while_watched_shows_its_last_output()
    {
        var port = FreePort.Next();
        var output = Directory.CreateTempSubdirectory("pooldoctor-died-").FullName;
        var diagnose = ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "-d", "40s", "-o", output, "--", ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(90));
        // Start-up of the tool and the app plus a few counter intervals; a loaded 2-core box needs the margin. The app
        // must have printed its ready line (the tail asserted below) before it is killed: wait until it listens.
        await Task.Delay(8000);
        await WaitUntilListeningAsync(port, TimeSpan.FromSeconds(60));
        // The app, not the doctor (whose own command line holds the same words after its 'diagnose').
        var app = Process.GetProcesses().Single(p => CommandLine(p.Id) is var line
            && line.Contains($"\0lab\0--urls\0http://127.0.0.1:{port}", StringComparison.Ordinal)
            && !line.Contains("\0diagnose\0", StringComparison.Ordinal));
        app.Kill();

        var result = await diagnose;
        Assert.True(result.ExitCode == 1, result.ToString());
        var at = result.StdErr.IndexOf("the command's last output (exit code 137", StringComparison.Ordinal);
        Assert.True(at >= 0, result.ToString());
        var tail = result.StdErr[at..];
        Assert.Contains(tail.Split('\n'), l => l.StartsWith("[dotnet] ", StringComparison.Ordinal) && l.Contains($"127.0.0.1:{port}", StringComparison.Ordinal));
        Assert.Contains("partial report written", tail, StringComparison.Ordinal);
    }

    private static async Task WaitUntilListeningAsync(int port, TimeSpan limit)
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                using var client = new TcpClient();
                await client.ConnectAsync(IPAddress.Loopback, port);
                return;
            }
            catch (SocketException) when (clock.Elapsed < limit)
            {
                await Task.Delay(200);
            }
        }
    }

    private static string CommandLine(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/cmdline");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return "";
        }
    }

    [Fact]
    public async Task An_app_whose_port_is_taken_fails_with_one_line_carrying_its_output()
    {
        using var squatter = new TcpListener(IPAddress.Loopback, 0);
        squatter.Start();
        var port = ((IPEndPoint)squatter.LocalEndpoint).Port;
        var output = Directory.CreateTempSubdirectory("pooldoctor-port-").FullName;

        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--load", $"http://127.0.0.1:{port}/api/diagscenario/hello", "-d", "20s", "-o", output, "--",
             ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(90));

        Assert.Equal(1, result.ExitCode);
        var error = Assert.Single(result.StdErr.Trim().Split('\n'), l => l.Contains("error", StringComparison.Ordinal));
        Assert.Contains("exited", error);
        Assert.Contains("address already in use", error, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("   at ", result.StdErr, StringComparison.Ordinal);
        Assert.False(LabOnPortRuns(port), $"an app for port {port} still runs after diagnose exited");
    }

    private static bool IsRunning(int pid)
    {
        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            return stat[(stat.LastIndexOf(')') + 2)] is not ('Z' or 'X');
        }
        catch (IOException)
        {
            return false;
        }
    }

    private static bool LabOnPortRuns(int port) => Process.GetProcesses().Any(p =>
    {
        try
        {
            return File.ReadAllText($"/proc/{p.Id}/cmdline").Contains($"127.0.0.1:{port}", StringComparison.Ordinal);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    });
}
