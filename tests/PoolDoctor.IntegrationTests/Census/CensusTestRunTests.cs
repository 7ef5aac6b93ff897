using System.Text.Json;
using PoolDoctor.IntegrationTests.Infrastructure;

namespace PoolDoctor.IntegrationTests.Census;

/// <summary>
/// `census --format json -- dotnet test` over tests/apps/CensusShop.Tests (WebApplicationFactory tests, Release, no
/// attributes): the blocking call sites the tests ran on pool threads are each listed once, at their line, and none of
/// the async twins nor the LongRunning archiver is. One census run, shared by every assert (CI cost).
/// </summary>
public sealed class CensusTestRunTests
{
    private static readonly Lazy<Task<(ToolResult Result, JsonDocument Census)>> Run = new(RunCensusAsync);

    private static async Task<(ToolResult, JsonDocument)> RunCensusAsync()
    {
        var project = await CensusShopBuild.ProjectAsync();
        var output = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-census-").FullName, "census.json");
        var result = await ToolRun.RunAsync(
            ["census", "--format", "json", "-o", output, "--", ToolPaths.DotnetHost, "test", project, "-c", "Release", "--no-build"],
            TimeSpan.FromMinutes(5), unset: NestedDotnet.InheritedMsBuildVariables());
        Assert.True(File.Exists(output), result.ToString());
        return (result, JsonDocument.Parse(await File.ReadAllTextAsync(output)));
    }

    private static async Task<List<JsonElement>> FindingsAsync() =>
        [.. (await Run.Value).Census.RootElement.GetProperty("findings").EnumerateArray()];

    [Fact]
    public async Task Findings_fail_the_run_with_exit_3_when_no_baseline_accepts_them()
    {
        var (result, census) = await Run.Value;

        Assert.True(result.ExitCode == 3, result.ToString());
        Assert.Contains("blocking call site(s) on pool threads", result.StdErr);
        Assert.Contains(census.RootElement.GetProperty("processes").EnumerateArray(), p => p.GetProperty("name").GetString()!.StartsWith("testhost", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("StockLedger.Reserve", "Monitor.Enter", "StockLedger.cs", "POST /stock/{sku}/reserve-now")]
    [InlineData("CheckoutQueue.Checkout", "SemaphoreSlim.Wait", "CheckoutQueue.cs", "POST /carts/{id}/checkout-now")]
    public async Task Each_blocking_call_site_is_listed_once_at_its_line(string method, string api, string file, string entry)
    {
        // Measured (docs/census.md, "Why a run could miss a site"): on loaded cores a SemaphoreSlim.Wait or lock may get its
        // way while spinning, or the call may not block at all in that run (the JIT made the task finish first); the
        // runtime then announces nothing. So a site missing is not a failure here, a site listed twice or wrongly is, and
        // Some_blocking_call_site_is_listed requires one at least.
        var listed = (await FindingsAsync()).Where(f => f.GetProperty("method").GetString() == method).ToList();
        Assert.True(listed.Count <= 1, $"{method} listed {listed.Count} times");
        if (listed.Count == 0)
        {
            return;
        }
        var finding = listed[0];

        Assert.Equal(api, finding.GetProperty("api").GetString());
        Assert.Equal(entry, finding.GetProperty("entry").GetString());
        Assert.Equal($"tests/apps/CensusShop/{(file == "StockLedger.cs" ? "Stock" : "Carts")}/{file}", finding.GetProperty("repositoryFile").GetString());
        Assert.True(finding.GetProperty("line").GetInt32() > 0);
        Assert.True(finding.GetProperty("count").GetInt32() >= 1);
    }

    [Fact]
    public async Task Some_blocking_call_site_is_listed()
    {
        var methods = (await FindingsAsync()).Select(f => f.GetProperty("method").GetString()!).ToList();

        Assert.Contains(methods, m => m is "StockLedger.Reserve" or "CheckoutQueue.Checkout" or "PriceLookup.Current");
    }

    [Fact]
    public async Task No_async_twin_nor_the_long_running_archiver_is_listed()
    {
        var methods = (await FindingsAsync()).Select(f => f.GetProperty("method").GetString()!).ToList();

        Assert.DoesNotContain(methods, m => m.Contains("ReportArchiver", StringComparison.Ordinal));
        Assert.DoesNotContain(methods, m => m is "StockLedger.ReserveAsync" or "CheckoutQueue.CheckoutAsync" or "PriceLookup.CurrentAsync");
        Assert.DoesNotContain(methods, m => m.StartsWith("VsTestRunner", StringComparison.Ordinal) || m.StartsWith("Xunit", StringComparison.Ordinal));
    }
}
