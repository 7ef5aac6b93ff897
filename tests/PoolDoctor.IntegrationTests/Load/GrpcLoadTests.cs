using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Load;

/// <summary>
/// `load --grpc` and `load --http2` against the lab's gRPC service on its HTTP/2-only (h2c) port: OK replies are
/// responses, other grpc-status codes are errors by name, and nothing falls back to HTTP/1.1.
/// </summary>
// Paired: status codes by name and a handful of answers hold whatever runs beside them; no latency is asserted.
public sealed class GrpcLoadTests
{
    private static async Task<JsonElement> LoadJson(params string[] args)
    {
        var result = await ToolRun.RunAsync(["load", .. args, "-c", "8", "-d", "5s", "--timeout", "10s", "--format", "json"], TimeSpan.FromSeconds(60));
        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.StdOut);
        return json.RootElement.Clone();
    }

    [Fact]
    public async Task A_grpc_unary_call_is_answered_ok_and_an_unknown_method_counts_as_unimplemented()
    {
        await using var lab = await LabProcess.StartAsync();
        var grpc = $"http://127.0.0.1:{lab.GrpcPort}";

        var ok = await LoadJson($"{grpc}/shop.Warehouse/CheckAsync", "--grpc", "--grpc-message-hex", "0a03736b75");
        var requests = ok.GetProperty("requests").GetInt64();
        // A fresh lab's first calls take seconds on a busy 2-core box: at least one answer per connection is enough.
        Assert.True(requests >= 8, ok.ToString());
        Assert.Equal(requests, ok.GetProperty("grpcStatus").GetProperty("OK").GetInt64());
        Assert.Equal(0, ok.GetProperty("errors").GetProperty("total").GetInt64());

        var missing = await LoadJson($"{grpc}/shop.Warehouse/NoSuchMethod", "--grpc");
        Assert.Equal(0, missing.GetProperty("requests").GetInt64());
        var unimplemented = missing.GetProperty("grpcStatus").GetProperty("Unimplemented").GetInt64();
        Assert.True(unimplemented > 0, missing.ToString());
        Assert.False(missing.GetProperty("grpcStatus").TryGetProperty("OK", out _));
        Assert.Equal(unimplemented, missing.GetProperty("errors").GetProperty("grpc").GetInt64());
    }

    [Fact]
    public async Task Http2_reaches_the_h2c_port_that_http1_cannot()
    {
        await using var lab = await LabProcess.StartAsync();
        var hello = $"http://127.0.0.1:{lab.GrpcPort}/api/minimal/hello";

        var http2 = await LoadJson(hello, "--http2");
        Assert.True(http2.GetProperty("requests").GetInt64() >= 8, http2.ToString());
        Assert.Equal(http2.GetProperty("requests").GetInt64(), http2.GetProperty("status").GetProperty("2xx").GetInt64());
        Assert.Equal(JsonValueKind.Null, http2.GetProperty("grpcStatus").ValueKind);

        var http1 = await LoadJson(hello);
        Assert.Equal(0, http1.GetProperty("status").GetProperty("2xx").GetInt64());
    }
}
