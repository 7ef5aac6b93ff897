using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Doctor;

/// <summary>
/// An API whose blocking route is a POST with an idempotency key (the lab's `POST /api/minimal/orders`, which refuses
/// at once without the key or a body): `load` and `diagnose --load` send method, headers and body alike, so the
/// route is loaded, and diagnosed in one command.
/// </summary>
public sealed class PostLoadTests
{
    private const string Body = """{"sku":"sku-1","quantity":2}""";

    [Fact]
    public async Task Load_sends_the_method_the_headers_and_the_body()
    {
        await using var lab = await LabProcess.StartAsync();
        var url = lab.PathUrl("/api/minimal/orders/async");

        var taken = await LoadJson(url, "-m", "POST", "-H", "Idempotency-Key: k-1", "-H", "Content-Type: application/json", "--body", Body);
        var requests = taken.GetProperty("requests").GetInt64();
        Assert.True(requests >= 2, taken.ToString());
        Assert.Equal(requests, taken.GetProperty("status").GetProperty("2xx").GetInt64());

        var bodyFile = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-body-").FullName, "order.json");
        await File.WriteAllTextAsync(bodyFile, Body);
        var fromFile = await LoadJson(url, "-m", "POST", "-H", "Idempotency-Key: k-2", "--body-file", bodyFile);
        Assert.Equal(fromFile.GetProperty("requests").GetInt64(), fromFile.GetProperty("status").GetProperty("2xx").GetInt64());

        // The controls: the route refuses an order without its key, and one without a body.
        var noKey = await LoadJson(url, "-m", "POST", "--body", Body);
        Assert.Equal(0, noKey.GetProperty("status").GetProperty("2xx").GetInt64());
        Assert.True(noKey.GetProperty("status").GetProperty("4xx").GetInt64() > 0, noKey.ToString());
        var noBody = await LoadJson(url, "-m", "POST", "-H", "Idempotency-Key: k-3");
        Assert.Equal(0, noBody.GetProperty("status").GetProperty("2xx").GetInt64());
    }

    [Fact]
    public async Task Diagnose_load_posts_with_a_key_and_a_body_and_finds_the_blocking_call()
    {
        var port = FreePort.Next();
        var output = Directory.CreateTempSubdirectory("pooldoctor-post-").FullName;
        var result = await ToolRun.RunAsync(
            ["diagnose", "--min-duration", "0", "--load", $"http://127.0.0.1:{port}/api/minimal/orders", "-m", "POST", "-H", "Idempotency-Key: k-1",
             "-H", "Content-Type: application/json", "--body", Body, "-c", "100", "-d", "40s", "-o", output, "--",
             ToolPaths.DotnetHost, ToolPaths.ToolDll, "lab", "--urls", $"http://127.0.0.1:{port}"],
            TimeSpan.FromSeconds(150));

        Assert.True(result.ExitCode == 0, result.ToString());
        using var report = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "report.json")));
        var root = report.RootElement;
        Assert.Matches("^(Starving|BlockingCompensated)$", root.GetProperty("verdict").GetString());
        Assert.Contains(root.GetProperty("culprits").EnumerateArray(), c =>
            c.GetProperty("method").GetString() == "CustomerRepository.Load" && c.GetProperty("entry").GetString() == "POST /api/minimal/orders");
        // The lab runs inside the tool's executable; the report names it for what it is, with its own pid.
        var target = root.GetProperty("target");
        Assert.Equal("pooldoctor-lab", target.GetProperty("name").GetString());
        Assert.Matches($"Diagnosing pooldoctor-lab \\(pid {target.GetProperty("pid").GetInt32()}\\)", result.StdErr);
    }

    private static async Task<JsonElement> LoadJson(params string[] args)
    {
        var result = await ToolRun.RunAsync(["load", .. args, "-c", "2", "-n", "6", "--timeout", "20s", "--format", "json"], TimeSpan.FromSeconds(60));
        Assert.True(result.ExitCode == 0, result.ToString());
        using var json = JsonDocument.Parse(result.StdOut);
        return json.RootElement.Clone();
    }
}
