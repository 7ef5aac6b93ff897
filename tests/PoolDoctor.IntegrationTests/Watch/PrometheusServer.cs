using System.Diagnostics;
using System.Text;
using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Watch;

/// <summary>
/// Debian's `prometheus` server on loopback with a 1 s scrape of one target, its data in a temporary directory;
/// queried through its HTTP API (/api/v1/query). Always killed on dispose.
/// </summary>
internal sealed class PrometheusServer : IAsyncDisposable
{
    private const string Binary = "/usr/bin/prometheus";
    private readonly Process _process;
    private readonly string _directory;
    private readonly StringBuilder _output = new();
    private readonly HttpClient _http = new() { Timeout = TimeSpan.FromSeconds(10) };

    private PrometheusServer(Process process, string directory, int port)
    {
        _process = process;
        _directory = directory;
        Port = port;
    }

    public int Port { get; }

    public string Output { get { lock (_output) { return _output.ToString(); } } }

    public static bool IsInstalled => File.Exists(Binary);

    public static PrometheusServer Start(string scrapeTarget)
    {
        var directory = Path.Combine(Path.GetTempPath(), $"pooldoctor-prometheus-{Guid.NewGuid():N}");
        Directory.CreateDirectory(directory);
        var config = Path.Combine(directory, "prometheus.yml");
        File.WriteAllText(config, $"""
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: pooldoctor
                static_configs:
                  - targets: ['{scrapeTarget}']
            """);
        var port = FreePort.Next();
        var info = new ProcessStartInfo(Binary) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var arg in new[] { $"--config.file={config}", $"--storage.tsdb.path={Path.Combine(directory, "data")}", $"--web.listen-address=127.0.0.1:{port}" })
        {
            info.ArgumentList.Add(arg);
        }
        var server = new PrometheusServer(Process.Start(info)!, directory, port);
        server._process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (server._output) { server._output.AppendLine(e.Data); } } };
        server._process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (server._output) { server._output.AppendLine(e.Data); } } };
        server._process.BeginOutputReadLine();
        server._process.BeginErrorReadLine();
        return server;
    }

    /// <summary>The value of an instant PromQL query's first series, or null (no series yet, server not up).</summary>
    public async Task<string?> QueryAsync(string promql)
    {
        try
        {
            var json = await _http.GetStringAsync($"http://127.0.0.1:{Port}/api/v1/query?query={Uri.EscapeDataString(promql)}");
            using var doc = JsonDocument.Parse(json);
            var result = doc.RootElement.GetProperty("data").GetProperty("result");
            return result.GetArrayLength() == 0 ? null : result[0].GetProperty("value")[1].GetString();
        }
        catch (HttpRequestException)
        {
            return null;
        }
    }

    /// <summary>Polls the query until it returns <paramref name="expected"/>; returns the last value seen.</summary>
    public async Task<string?> WaitForAsync(string promql, string expected, TimeSpan timeout)
    {
        var clock = Stopwatch.StartNew();
        string? value = null;
        while (clock.Elapsed < timeout && !_process.HasExited)
        {
            value = await QueryAsync(promql);
            if (value == expected)
            {
                return value;
            }
            await Task.Delay(500);
        }
        return value;
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }
        _process.Dispose();
        _http.Dispose();
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}
