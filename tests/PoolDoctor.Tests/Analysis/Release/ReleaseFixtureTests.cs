using PoolDoctor.Report.Stacks;
using PoolDoctor.Lab.Scenarios;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Tests.Analysis.Release;

/// <summary>
/// Captures of the Release lab (the JIT inlines small actions and handlers; no attribute stops it) must name what the
/// lab's scenario table says a correct diagnosis names: call site, kind, API and entry.
/// </summary>
public sealed class ReleaseFixtureTests
{
    /// <summary>Every capture but "-early" attached 5 s into the load, the pool already starving.</summary>
    public static TheoryData<string, LabHost, string> Captures => new()
    {
        { "mvc-taskwait", LabHost.Mvc, "taskwait" },
        { "minimal-taskwait", LabHost.Minimal, "taskwait" },
        { "mvc-customers-42", LabHost.Mvc, "customers/42" },
        { "minimal-customers-42", LabHost.Minimal, "customers/42" },
        { "mvc-middleware-sync", LabHost.Mvc, "middleware/sync" },
        { "minimal-middleware-sync", LabHost.Minimal, "middleware/sync" },
        { "minimal-middleware-sync-early", LabHost.Minimal, "middleware/sync" },
        { "minimal-timer-sync", LabHost.Minimal, "timer/sync" },
        { "mvc-queue-sync", LabHost.Mvc, "queue/sync" },
        { "minimal-queue-sync", LabHost.Minimal, "queue/sync" },
    };

    /// <summary>
    /// Middleware that blocks before routing's endpoint runs is reached from no endpoint's code, so only a request start
    /// seen by the session names its route. Attached late, every blocked request began before the session: the entry
    /// falls back to the outermost user frame (docs/culprits.md), which must then be the call site's own frame.
    /// </summary>
    private static readonly HashSet<string> NoRequestSeen = ["mvc-middleware-sync", "minimal-middleware-sync"];

    [Theory]
    [MemberData(nameof(Captures))]
    public void Top_culprit_is_what_the_scenario_table_expects(string fixture, LabHost host, string route)
    {
        var scenario = LabScenarios.Find(host, route) ?? throw new InvalidOperationException($"no lab scenario {host} {route}");
        var (_, analysis) = ReleaseFixtures.Load(fixture);

        Assert.NotEmpty(analysis.Culprits);
        var top = analysis.Culprits[0];
        var said = $"{fixture}: {top.Method} {top.Kind} {top.Api} entry '{EntryText.Of(top.Entry)}' source {top.Site.Source} {top.Share:P0}";
        Assert.True(scenario.CallSite == top.Method, said);
        Assert.True(scenario.Kind.ToString() == top.Kind.ToString(), said);
        if (NoRequestSeen.Contains(fixture))
        {
            Assert.True(EntryText.Of(top.Entry) == top.ChainNames[0] && EntryText.Of(top.Entry)!.EndsWith(scenario.CallSite!, StringComparison.Ordinal), said);
        }
        else
        {
            Assert.True(scenario.Entry == EntryText.Of(top.Entry), said);
        }
        Assert.True(PatternNames(scenario.Pattern, top.Api), $"{said}; the pattern says '{scenario.Pattern}'");
        Assert.True(top.Share >= 0.5, said);
    }

    /// <summary>
    /// In these captures the JIT inlined the taskwait actions and handlers and MVC's customer action (the whole chain down
    /// to the repository) into ASP.NET Core's generated delegates: no user frame is sampled, and the call site must come
    /// from the app's IL. Where a user frame survived, it is the call site as sampled.
    /// </summary>
    [Theory]
    [InlineData("mvc-taskwait", CallSiteSource.Il)]
    [InlineData("minimal-taskwait", CallSiteSource.Il)]
    [InlineData("mvc-customers-42", CallSiteSource.Il)]
    [InlineData("minimal-customers-42", CallSiteSource.Stack)]
    [InlineData("minimal-middleware-sync", CallSiteSource.Stack)]
    [InlineData("minimal-timer-sync", CallSiteSource.Stack)]
    [InlineData("mvc-queue-sync", CallSiteSource.Stack)]
    public void The_call_site_is_recovered_from_the_IL_when_the_JIT_inlined_it(string fixture, CallSiteSource source)
    {
        var (snapshot, analysis) = ReleaseFixtures.Load(fixture);
        var top = analysis.Culprits[0];

        Assert.Equal(source, top.Site.Source);
        var userFrameSampled = top.ExampleStack.Any(f => f.Contains(top.Method, StringComparison.Ordinal));
        Assert.Equal(source == CallSiteSource.Stack, userFrameSampled);
        if (source == CallSiteSource.Il)
        {
            Assert.Contains("inlined", CallSiteNoteText.Line(top.Site.Note), StringComparison.Ordinal);
            Assert.Contains(snapshot.Stacks.SelectMany(s => s.Frames), f => f.Method.Contains("lambda_method", StringComparison.Ordinal));
        }
    }

    /// <summary>
    /// Attached late, some blocked threads show the middleware's .Result inlined into UseWhen's branch lambda, with the
    /// request known but no user frame: the endpoint's handler (which never blocks) must not be named for them, since the
    /// request had not reached it.
    /// </summary>
    [Theory]
    [InlineData("mvc-middleware-sync")]
    [InlineData("minimal-middleware-sync")]
    [InlineData("minimal-middleware-sync-early")]
    public void Blocking_in_middleware_is_never_put_on_the_endpoint_handler(string fixture)
    {
        var (_, analysis) = ReleaseFixtures.Load(fixture);

        Assert.DoesNotContain(analysis.Culprits, c => c.Site.Source is CallSiteSource.Endpoint or CallSiteSource.Il);
    }

    [Theory]
    [MemberData(nameof(Captures))]
    public void The_blocking_line_is_located_or_a_note_says_why_not(string fixture, LabHost host, string route)
    {
        _ = (host, route);
        var (snapshot, analysis) = ReleaseFixtures.Load(fixture);
        var top = analysis.Culprits[0];

        // The lab beside the tests stands in for the traced build (as `analyze --symbols` reads it): its PDB gives the
        // line when it matches that assembly; when it does not (another build's PDB, none), a note must say why.
        // The line is not compared with today's source: the lab may change after these files were recorded.
        var labNote = snapshot.Missing.FirstOrDefault(m => m.Contains("PoolDoctor.Lab", StringComparison.Ordinal));
        if (labNote is null)
        {
            Assert.True(top.Site.File is not null && top.Site.Line > 0, $"{fixture}: {top.Method} has no file:line and no note says why");
        }
        else
        {
            Assert.Null(top.Site.Line);
            Assert.Contains("PDB", labNote, StringComparison.Ordinal);
        }
    }

    /// <summary>The table names the API in its pattern text: "Task.Result on ...", "... doing .Result", "ManualResetEventSlim.Wait".</summary>
    private static bool PatternNames(string pattern, string api)
    {
        if (pattern.Contains(api, StringComparison.Ordinal))
        {
            return true;
        }
        var member = api.IndexOf('.', StringComparison.Ordinal) is var dot and > 0 ? api[dot..] : api;
        return api.StartsWith("Task", StringComparison.Ordinal) && pattern.Contains(" " + member, StringComparison.Ordinal);
    }
}
