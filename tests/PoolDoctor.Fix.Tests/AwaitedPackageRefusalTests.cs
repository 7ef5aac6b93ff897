using System.Text.Json.Nodes;
using PoolDoctor.Fix.Reports;

namespace PoolDoctor.Fix.Tests;

/// <summary>
/// A report whose culprit blocks inside a package under a call the app already awaits (fixtures/slackbotmessages-2.0.0.json:
/// the by-hand trial of docs/accuracy.md, `await client.Send(message)` of SlackBotMessages 2.0.0, whose async
/// ProcessRequest reads `.Result` before its first await): `fix` refuses in one line and points at the package's
/// version, never at an async twin of the app's call, which is awaited already.
/// </summary>
public sealed class AwaitedPackageRefusalTests
{
    [Fact]
    public async Task An_await_that_ran_the_package_synchronously_is_refused_with_the_upgrade()
    {
        var report = TestApps.Fixture("slackbotmessages-2.0.0.json");
        Assert.NotNull(ReportReader.Read(report)[0].AwaitedRanSync);

        // No project is given or found: the refusal comes from the report alone, before any source is loaded.
        var plan = await SourceFixer.PlanAsync(report, new FixOptions { ProjectPath = Path.Combine(Path.GetTempPath(), "no-such", "App.csproj") });

        Assert.NotNull(plan.Refusal);
        Assert.DoesNotContain('\n', plan.Refusal);
        Assert.StartsWith("async lambda in Program.Main (Program.cs:18) already awaits SbmClient.Send, which ran SbmClient.ProcessRequest synchronously inside the package SlackBotMessages 2.0.0", plan.Refusal, StringComparison.Ordinal);
        Assert.Contains("upgrade SlackBotMessages to a version that does not block there", plan.Refusal, StringComparison.Ordinal);
        Assert.DoesNotContain("awaitable twin", plan.Refusal, StringComparison.Ordinal);
        Assert.Empty(plan.Diff);
    }

    [Fact]
    public async Task An_async_method_the_package_does_not_override_is_named_by_its_member()
    {
        // The MySql.Data shape (docs on AwaitedRanSync): the base class's async method ran the sync one.
        var report = JsonNode.Parse(File.ReadAllText(TestApps.Fixture("slackbotmessages-2.0.0.json")))!;
        report["culprits"]![0]!["awaitedRanSync"] = new JsonObject
        {
            ["awaited"] = "DbCommand.ExecuteScalarAsync(CancellationToken)",
            ["ran"] = "MySqlCommand.ExecuteScalar",
            ["notOverridden"] = true,
        };
        var path = Path.Combine(Directory.CreateTempSubdirectory("pooldoctor-awaited-").FullName, "report.json");
        await File.WriteAllTextAsync(path, report.ToJsonString());

        var plan = await SourceFixer.PlanAsync(path, new FixOptions { ProjectPath = Path.Combine(Path.GetTempPath(), "no-such", "App.csproj") });

        Assert.NotNull(plan.Refusal);
        Assert.Contains("already awaits DbCommand.ExecuteScalarAsync(CancellationToken), which ran MySqlCommand.ExecuteScalar synchronously", plan.Refusal, StringComparison.Ordinal);
        Assert.Contains("(one that overrides ExecuteScalarAsync)", plan.Refusal, StringComparison.Ordinal);
    }
}
