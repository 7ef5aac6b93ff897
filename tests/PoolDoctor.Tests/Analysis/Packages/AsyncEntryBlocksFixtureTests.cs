using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Stacks;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// The user awaits a package's task-returning method and the package blocks inside it before returning the task:
/// SlackBotMessages 2.0.0's <c>SbmClient.Send</c> returns <c>ProcessRequest</c>'s task, and that async method reads
/// <c>Client.SendAsync(request).Result</c> before its first await (fixtures/packages/README.md, "A package's async
/// API that blocks before it returns"). The frame under the user's is the package's own method, as when a user calls
/// a package's sync API (<c>IDatabase.StringGet</c>); the app's IL tells them apart by the signature it calls.
/// </summary>
public sealed class AsyncEntryBlocksFixtureTests
{
    private static readonly PackageRef SlackBotMessages = new("SlackBotMessages", "2.0.0", Direct: true);

    public static TheoryData<string> Captures => new() { "slackbotmessages-2.0.0.nettrace.gz", "slackbotmessages-2.0.0-warmed.nettrace.gz" };

    [Theory]
    [MemberData(nameof(Captures))]
    public void The_packages_async_method_is_named_not_the_users_await(string capture)
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(Path.Combine(PackageFixtures.Directory, capture))).Culprits[0];

        Assert.Equal("SbmClient.ProcessRequest", top.Method);
        Assert.Equal(SlackBotMessages, top.Package);
        Assert.Equal("SbmClient.ProcessRequest", top.PackageMethod);
        Assert.Equal("async lambda in Program.Main", top.UserFrame);
        Assert.Equal("GET /builds/{id:int}/announce", EntryText.Of(top.Entry));
        Assert.Equal(new AwaitedRanSync("SbmClient.Send", "SbmClient.ProcessRequest", NotOverridden: false), top.AwaitedRanSync);
        Assert.True(top.Share > 0.5, $"share {top.Share}");
        Assert.Equal("async lambda in Program.Main", top.ChainNames[0]);
        Assert.Equal("SbmClient.ProcessRequest (async)", top.ChainNames[^1]);

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];
        Assert.Contains("already awaits SbmClient.Send", fix.Explanation);
        Assert.Contains("upgrade", fix.Headline + fix.Explanation, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("Await the async API", fix.Headline);
        Assert.Contains("your await ran synchronously: SbmClient.Send ran SbmClient.ProcessRequest", string.Join("\n", CulpritLines.Describe(top)));
    }
}
