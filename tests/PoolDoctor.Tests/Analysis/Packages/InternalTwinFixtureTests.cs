using PoolDoctor.Analysis.Advice;
using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Analysis.Packages;

/// <summary>
/// A package whose async twin only the package can call (issue 34 item 4, the RedisRateLimiting 1.0.11 shape):
/// ShopKit.QuotaLimiter's public <c>QuotaRateLimiter</c>, run by the framework's rate-limiting middleware, calls the
/// internal <c>QuotaClient.TryTake</c>, which waits on the client's internal <c>TryTakeAsync</c> with
/// <c>.GetAwaiter().GetResult()</c>. The capture names the package's method; the advice is the package's (upgrade or
/// report upstream), never the internal twin or class.
/// </summary>
public sealed class InternalTwinFixtureTests
{
    private static readonly string[] InternalNames = ["TryTakeAsync", "QuotaClient", "TryTake"];

    [Fact]
    public void The_package_method_is_named_with_its_version_and_direct()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.QuotaLimiter)).Culprits[0];

        Assert.Equal("QuotaClient.TryTake", top.Method);
        Assert.Equal(new PackageRef("ShopKit.QuotaLimiter", "1.0.0", Direct: true), top.Package);
        Assert.Equal(BlockingKind.SyncOverAsync, top.Kind);
        Assert.Equal(["QuotaRateLimiter.AttemptAcquireCore", "QuotaClient.TryTake"], top.ChainNames);
        Assert.Equal("lambda in Program.Main", top.UserFrame);
        Assert.Contains("AddQuotaLimiter", CallSiteNoteText.Line(top.Site.Note));
        Assert.Equal("GET /orders/{id:int}", EntryText.Of(top.Entry));
        // The metadata found the twin, and that neither it nor the method is the user's to call.
        Assert.Equal("TryTakeAsync", top.PackageTwin?.Twin);
        Assert.False(top.PackageTwin!.Callable);
        Assert.False(top.PackageTwin.ApiPublic);
        Assert.Null(top.PackageTwin.CallableTwin);

        var text = string.Join("\n", CulpritLines.Describe(top));
        Assert.Contains("package: ShopKit.QuotaLimiter 1.0.0 (referenced by the app)", text);
        Assert.Contains("[package ShopKit.QuotaLimiter 1.0.0] QuotaRateLimiter.AttemptAcquireCore", text);
    }

    [Fact]
    public void The_advice_is_the_packages_and_names_nothing_internal()
    {
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.QuotaLimiter)).Culprits[0];

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2).Fixes[0];

        Assert.Equal("The blocking is inside package ShopKit.QuotaLimiter 1.0.0: upgrade it to a version that does not block, or report it upstream to ShopKit.QuotaLimiter", fix.Headline);
        Assert.Contains("not one your code can call", fix.Explanation);
        Assert.Equal(AdviceCode.None, fix.Code);
        var advice = fix.Headline + fix.Explanation + fix.Before + fix.After + fix.CodeNote;
        Assert.All(InternalNames, name => Assert.DoesNotContain(name, advice, StringComparison.Ordinal));
        Assert.DoesNotContain("call its async API", advice, StringComparison.Ordinal);
    }

    [Fact]
    public void The_terminal_fix_line_does_not_point_into_the_package()
    {
        // "Fix: HEADLINE in METHOD" would read "… report it upstream to ShopKit.QuotaLimiter in QuotaClient.TryTake".
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.QuotaLimiter)).Culprits[0];
        var recorded = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        var report = recorded with { Culprits = [top], Advice = AdviceBuilder.Build(VerdictKind.Starving, [top], [], 2) };
        using var writer = new StringWriter();

        ReportTerminalWriter.Write(PlainConsole.Create(writer, 400), report);

        var fixLine = writer.ToString().Split('\n').Single(l => l.StartsWith("Fix:", StringComparison.Ordinal)).TrimEnd();
        Assert.EndsWith("or report it upstream to ShopKit.QuotaLimiter", fixLine, StringComparison.Ordinal);
    }

    [Fact]
    public void The_same_twin_made_callable_is_offered_so_the_control_can_fail()
    {
        // Control: the capture read as if the twin were public API the user's code calls; the advice then offers it,
        // so the test above fails if the callable check is lost.
        var top = CulpritAnalyzer.Analyze(PackageFixtures.Read(PackageFixtures.QuotaLimiter)).Culprits[0];
        var callable = top with { PackageTwin = top.PackageTwin! with { Callable = true, ApiPublic = true } };

        var fix = AdviceBuilder.Build(VerdictKind.Starving, [callable], [], 2).Fixes[0];

        Assert.Contains("call its async API (TryTake's twin TryTakeAsync)", fix.Headline);
    }
}
