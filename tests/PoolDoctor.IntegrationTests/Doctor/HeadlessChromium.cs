using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net.WebSockets;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// Debian's headless Chromium driven over the Chrome DevTools Protocol with a plain ClientWebSocket:
/// navigate to a file, evaluate expressions, and collect console errors, exceptions and dialogs (an alert()
/// opening means a script ran). Each instance has its own throw-away profile and is killed on dispose.
/// </summary>
public sealed class HeadlessChromium : IAsyncDisposable
{
    private readonly Process _process;
    private readonly string _profile;
    private readonly ClientWebSocket _socket = new();
    private readonly ConcurrentDictionary<int, TaskCompletionSource<JsonNode>> _pending = new();
    private readonly ConcurrentQueue<string> _errors = new();
    private readonly CancellationTokenSource _stop = new();
    private TaskCompletionSource _loaded = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private Task? _receiver;
    private int _nextId;

    private HeadlessChromium(Process process, string profile)
    {
        _process = process;
        _profile = profile;
    }

    /// <summary>Console errors, uncaught exceptions, CSP reports and dialogs seen since start.</summary>
    public IReadOnlyList<string> Errors => [.. _errors];

    public static string? FindExecutable() =>
        new[] { "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome" }.FirstOrDefault(File.Exists);

    /// <summary>The browser; without one the test is skipped, or fails under CI=true (see <see cref="MissingDependency"/>).</summary>
    public static Task<HeadlessChromium> StartOrSkipAsync() =>
        StartAsync(FindExecutable() ?? throw MissingDependency.SkipOrFail("chromium", "scripts/install-test-deps.sh installs it"));

    private static async Task<HeadlessChromium> StartAsync(string executable)
    {
        var profile = Directory.CreateTempSubdirectory("pooldoctor-chromium-").FullName;
        var info = new ProcessStartInfo(executable)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var arg in new[]
        {
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", $"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank",
        })
        {
            info.ArgumentList.Add(arg);
        }
        var process = Process.Start(info)!;
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var browser = new HeadlessChromium(process, profile);
        try
        {
            var port = await ReadDevToolsPortAsync(profile, process);
            using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
            string? pageSocket = null;
            for (var attempt = 0; attempt < 50 && pageSocket is null; attempt++)
            {
                var list = JsonNode.Parse(await http.GetStringAsync($"http://127.0.0.1:{port}/json/list"))!.AsArray();
                pageSocket = list.FirstOrDefault(t => (string?)t!["type"] == "page")?["webSocketDebuggerUrl"]?.GetValue<string>();
                if (pageSocket is null)
                {
                    await Task.Delay(100);
                }
            }
            await browser._socket.ConnectAsync(new Uri(pageSocket ?? throw new InvalidOperationException("chromium opened no page")), CancellationToken.None);
            browser._receiver = Task.Run(browser.ReceiveLoopAsync);
            await browser.SendAsync("Runtime.enable");
            await browser.SendAsync("Log.enable");
            await browser.SendAsync("Page.enable");
            return browser;
        }
        catch
        {
            await browser.DisposeAsync();
            throw;
        }
    }

    private static async Task<int> ReadDevToolsPortAsync(string profile, Process process)
    {
        var file = Path.Combine(profile, "DevToolsActivePort");
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            if (File.Exists(file))
            {
                var lines = await File.ReadAllLinesAsync(file);
                if (lines.Length > 0 && int.TryParse(lines[0], out var port))
                {
                    return port;
                }
            }
            if (process.HasExited)
            {
                throw new InvalidOperationException($"chromium exited with code {process.ExitCode} before opening DevTools");
            }
            await Task.Delay(100);
        }
        throw new TimeoutException("chromium did not write DevToolsActivePort within 30 s");
    }

    public async Task NavigateAsync(string path)
    {
        _loaded = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await SendAsync("Page.navigate", new JsonObject { ["url"] = new Uri(Path.GetFullPath(path)).AbsoluteUri });
        var done = await Task.WhenAny(_loaded.Task, Task.Delay(TimeSpan.FromSeconds(20)));
        if (done != _loaded.Task)
        {
            throw new TimeoutException($"{path} did not finish loading within 20 s");
        }
        // Console messages for the load arrive right after the load event; give them a moment.
        await Task.Delay(300);
    }

    /// <summary>Evaluates a JavaScript expression in the page and returns its value as JSON.</summary>
    public async Task<JsonNode?> EvaluateAsync(string expression)
    {
        var result = await SendAsync("Runtime.evaluate", new JsonObject { ["expression"] = expression, ["returnByValue"] = true });
        if (result["exceptionDetails"] is { } exception)
        {
            throw new InvalidOperationException($"evaluating '{expression}' threw: {exception.ToJsonString()}");
        }
        return result["result"]?["value"];
    }

    public async Task<byte[]> ScreenshotAsync(int width, int height)
    {
        await SendAsync("Emulation.setDeviceMetricsOverride", new JsonObject { ["width"] = width, ["height"] = height, ["deviceScaleFactor"] = 1, ["mobile"] = false });
        var shot = await SendAsync("Page.captureScreenshot", new JsonObject { ["format"] = "png", ["captureBeyondViewport"] = true });
        return Convert.FromBase64String(shot["data"]!.GetValue<string>());
    }

    private async Task<JsonNode> SendAsync(string method, JsonObject? parameters = null)
    {
        var id = Interlocked.Increment(ref _nextId);
        var reply = new TaskCompletionSource<JsonNode>(TaskCreationOptions.RunContinuationsAsynchronously);
        _pending[id] = reply;
        var message = new JsonObject { ["id"] = id, ["method"] = method, ["params"] = parameters ?? new JsonObject() };
        await _socket.SendAsync(Encoding.UTF8.GetBytes(message.ToJsonString()), WebSocketMessageType.Text, true, _stop.Token);
        var done = await Task.WhenAny(reply.Task, Task.Delay(TimeSpan.FromSeconds(20)));
        if (done != reply.Task)
        {
            throw new TimeoutException($"chromium did not answer {method} within 20 s");
        }
        var answer = await reply.Task;
        if (answer["error"] is { } error)
        {
            throw new InvalidOperationException($"{method} failed: {error.ToJsonString()}");
        }
        return answer["result"] ?? new JsonObject();
    }

    private async Task ReceiveLoopAsync()
    {
        var buffer = new byte[1 << 16];
        var message = new MemoryStream();
        try
        {
            while (_socket.State == WebSocketState.Open && !_stop.IsCancellationRequested)
            {
                var part = await _socket.ReceiveAsync(buffer, _stop.Token);
                if (part.MessageType == WebSocketMessageType.Close)
                {
                    return;
                }
                message.Write(buffer, 0, part.Count);
                if (!part.EndOfMessage)
                {
                    continue;
                }
                var node = JsonNode.Parse(message.ToArray())!;
                message.SetLength(0);
                Dispatch(node);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or WebSocketException)
        {
        }
    }

    private void Dispatch(JsonNode node)
    {
        if (node["id"] is { } id && _pending.TryRemove(id.GetValue<int>(), out var reply))
        {
            reply.TrySetResult(node);
            return;
        }
        var parameters = node["params"];
        var consoleType = parameters?["type"]?.GetValue<string>();
        var logLevel = parameters?["entry"]?["level"]?.GetValue<string>();
        switch (node["method"]?.GetValue<string>())
        {
            case "Page.loadEventFired":
                _loaded.TrySetResult();
                break;
            case "Runtime.consoleAPICalled" when consoleType is "error" or "assert":
                _errors.Enqueue("console: " + parameters!["args"]?.ToJsonString());
                break;
            case "Runtime.exceptionThrown":
                _errors.Enqueue("exception: " + parameters?["exceptionDetails"]?.ToJsonString());
                break;
            case "Log.entryAdded" when logLevel == "error":
                _errors.Enqueue("log: " + parameters!["entry"]!["text"]);
                break;
            case "Page.javascriptDialogOpening":
                _errors.Enqueue("dialog: " + parameters?["message"]);
                _ = SendAsync("Page.handleJavaScriptDialog", new JsonObject { ["accept"] = true });
                break;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        if (_receiver is not null)
        {
            await _receiver.WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }
        _socket.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }
        _process.Dispose();
        _stop.Dispose();
        try
        {
            Directory.Delete(_profile, recursive: true);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
