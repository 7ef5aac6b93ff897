using PoolDoctor.Analysis.Census;
using PoolDoctor.Model.Census;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Stacks.SyntheticStacks;

namespace PoolDoctor.Tests.Analysis.Census;

/// <summary>
/// A wait with no frame of the user's is the framework's own, even when the test runner's generated code sits below it.
/// In a census of CensusShop's price tests (2026-11-29, 1 run of about 9) WebApplicationFactory's teardown blocked while
/// the console logger's thread drained, reached from xunit through a compiled delegate, and the census listed it as
/// `DeferredHostBuilder.DeferredHost.Dispose (ConsoleLoggerProvider.Dispose)`: a finding no user could fix.
/// </summary>
public sealed class CensusFrameworkWaitTests
{
    private static readonly StackFrame[] Teardown =
    [
        new("System.Private.CoreLib", "System.Threading.Monitor.Wait(class System.Object,int32)"),
        new("System.Private.CoreLib", "System.Threading.Thread.Join(int32)"),
        new("Microsoft.Extensions.Logging.Console", "Microsoft.Extensions.Logging.Console.ConsoleLoggerProcessor.Dispose()"),
        new("Microsoft.Extensions.Logging.Console", "Microsoft.Extensions.Logging.Console.ConsoleLoggerProvider.Dispose()"),
        new("Microsoft.AspNetCore.Mvc.Testing", "Microsoft.AspNetCore.Mvc.Testing.DeferredHostBuilder+DeferredHost.Dispose()"),
        new("Microsoft.AspNetCore.Mvc.Testing", "Microsoft.AspNetCore.Mvc.Testing.WebApplicationFactory`1[System.__Canon].Dispose()"),
        new("Anonymously Hosted DynamicMethods Assembly", "dynamicClass.lambda_method3(class System.Object)"),
        new("xunit.execution.dotnet", "Xunit.Sdk.ExtensibilityPointFactory.Dispose(class System.Object)"),
        .. Frames(PoolDispatch),
    ];

    private static CensusResult Census(params StackFrame[] frames) =>
        CensusAnalyzer.Analyze([new CensusCapture(42, "testhost", 0, Snapshot([], [new WaitSpan(7, WaitSource.WaitHandle, 120, frames)]))]);

    [Fact]
    public void The_frameworks_teardown_below_generated_runner_code_is_no_finding()
    {
        var census = Census(Teardown);

        Assert.Empty(census.Findings);
        Assert.Equal(1, census.FrameworkOnlyWaits);
    }

    [Fact]
    public void The_same_wait_under_a_fixture_of_the_users_is_a_finding()
    {
        // The control: a user frame on the same stack makes it the user's to fix.
        StackFrame[] frames = [.. Teardown[..6], new("CensusShop.Tests", "CensusShop.Tests.ShopFixture.Dispose()"), .. Teardown[6..]];

        var finding = Assert.Single(Census(frames).Findings);

        // Without the modules' origins (no deps.json here) the frame that blocked is named, as diagnose names it.
        Assert.Equal("ConsoleLoggerProcessor.Dispose", finding.Method);
    }
}
