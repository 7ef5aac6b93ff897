using System.Globalization;
using System.Text.RegularExpressions;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

public sealed class FlameGraphTests
{
    private static readonly HashSet<string> NoCulprit = [];

    [Fact]
    public void Box_widths_follow_the_samples_and_the_outermost_frame_is_the_top_row()
    {
        // Two stacks under one worker frame: 300 samples blocked in Wait, 100 in Sleep.
        var stacks = new[]
        {
            Flame(["Monitor.Wait", "App.Handler", "Worker.Start"], 300, [false, true, false], []),
            Flame(["Thread.Sleep", "App.Poll", "Worker.Start"], 100, [false, true, false], []),
        };
        var svg = SvgFlameGraph.Render("f", stacks, NoCulprit, "samples");

        Assert.Equal(960, Width(svg, "all pool threads"), 0);
        Assert.Equal(960, Width(svg, "Worker.Start"), 0);
        Assert.Equal(720, Width(svg, "App.Handler"), 0);
        Assert.Equal(240, Width(svg, "App.Poll"), 0);
        Assert.Equal(0, Row(svg, "all pool threads"));
        Assert.Equal(1, Row(svg, "Worker.Start"));
        Assert.Equal(3, Row(svg, "Monitor.Wait"));
        Assert.Contains("300 samples, 75%", Title(svg, "App.Handler"));
    }

    [Fact]
    public void User_library_and_culprit_frames_have_their_own_class()
    {
        var stacks = new[] { Flame(["Monitor.Wait", "App.Handler", "App.Entry", "Worker.Start"], 10, [false, true, true, false], []) };
        var svg = SvgFlameGraph.Render("f", stacks, new HashSet<string> { "App.Handler" }, "samples");

        Assert.Equal("culprit", Kind(svg, "App.Handler"));
        Assert.Equal("user", Kind(svg, "App.Entry"));
        Assert.Equal("lib", Kind(svg, "Monitor.Wait"));
        Assert.Equal("lib", Kind(svg, "Worker.Start"));
    }

    [Fact]
    public void Titles_carry_the_full_name_and_file_line_and_long_labels_are_cut_to_the_box()
    {
        var longName = "Very.Long.Namespace.With.Many.Parts.SomeController.SomeActionWithALongName";
        var stacks = new[]
        {
            Flame(["Monitor.Wait", longName, "Worker.Start"], 1, [false, true, false], [null, new SourceLocation("/src/App/SomeController.cs", 42), null]),
            Flame(["Other.Leaf", "Worker.Start"], 99, [false, false], []),
        };
        var svg = SvgFlameGraph.Render("f", stacks, NoCulprit, "samples");

        Assert.Contains("/src/App/SomeController.cs:42", Title(svg, longName));
        // 1 % of 960 px holds no label; the full name is only in the title.
        Assert.DoesNotContain($">{longName}</text>", svg);
        var wide = SvgFlameGraph.Render("f", [stacks[0]], NoCulprit, "samples");
        Assert.Contains($">{longName}</text>", wide);
        var narrow = SvgFlameGraph.Render("f", [stacks[0], stacks[1] with { Weight = 9 }], NoCulprit, "samples");
        Assert.Matches(">Very\\.Long[^<]*…</text>", narrow);
    }

    [Fact]
    public void A_title_gives_the_repository_path_when_known_for_a_reader_on_another_machine()
    {
        var source = new SourceLocation("/home/build/agent/_work/3/s/src/App/SomeController.cs", 42) { RepositoryFile = "src/App/SomeController.cs" };
        var svg = SvgFlameGraph.Render("f", [Flame(["Monitor.Wait", "App.SomeController.Get", "Worker.Start"], 1, [false, true, false], [null, source, null])], NoCulprit, "samples");
        Assert.Contains("\nsrc/App/SomeController.cs:42", Title(svg, "App.SomeController.Get"));
        Assert.DoesNotContain("/home/build", svg);
    }

    [Fact]
    public void The_graph_is_as_tall_as_its_deepest_drawn_box()
    {
        // A deep stack holding 1 sample in 10,000 is a sliver (0.1 px) that is not drawn, so it adds no rows.
        string[] deep = [.. Enumerable.Range(0, 40).Select(i => $"Deep.F{i}"), "Worker.Start"];
        var stacks = new[] { Flame(["Monitor.Wait", "Worker.Start"], 9_999, [], []), Flame(deep, 1, [], []) };
        var svg = SvgFlameGraph.Render("f", stacks, NoCulprit, "samples");
        Assert.Contains("viewBox=\"0 0 960 54\"", svg); // root, Worker.Start, Monitor.Wait: 3 rows of 18 px
        // The sliver is in the page for the zoom and the search, hidden (class sliver), never drawn at this zoom.
        Assert.Equal(40, Regex.Count(svg, "<g class=\"frame lib sliver\" data-name=\"Deep[.]F"));
        Assert.DoesNotMatch("<g class=\"frame lib\" data-name=\"Deep[.]F", svg);
        Assert.Contains("viewBox=\"0 0 960 756\"", SvgFlameGraph.Render("f", [stacks[1]], NoCulprit, "samples")); // 42 rows
    }

    [Fact]
    public void Names_from_the_target_are_escaped_in_titles_and_labels()
    {
        const string hostile = "<script>alert(1)</script>&\"'";
        var svg = SvgFlameGraph.Render("f", [Flame([hostile, "Worker.Start"], 1, [], [])], NoCulprit, "samples");
        Assert.DoesNotContain("<script", svg, StringComparison.Ordinal);
        Assert.Contains("data-name=\"&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;\"", svg); // the attribute the zoom reads
        Assert.Contains("&lt;script&gt;", svg);
    }

    [Fact]
    public void Only_pool_groups_are_drawn_weighted_by_samples_or_by_threads_when_none_were_counted()
    {
        var pool = new StackGroup(TestFrames.Named(["Monitor.Wait", "App.A"]), 4, 0.8, true, [1, 2, 3, 4]) { Samples = 400 };
        var other = new StackGroup(TestFrames.Named(["Main"]), 1, 0.2, false, [9]) { Samples = 100 };
        var (stacks, bySamples) = FlameStack.Of([pool, other], []);
        Assert.True(bySamples);
        Assert.Equal(400, Assert.Single(stacks).Weight);

        var (counted, bySamplesWithout) = FlameStack.Of([pool with { Samples = 0 }], []);
        Assert.False(bySamplesWithout);
        Assert.Equal(4, Assert.Single(counted).Weight);
    }

    [Fact]
    public void A_group_that_is_a_culprits_example_stack_takes_its_source_lines()
    {
        var frames = new[] { "Monitor.Wait", "App.A" };
        var culprit = new Culprit("App.A", BlockingKind.SyncOverAsync, "Task.Wait", 1, 1, [new("Monitor.Wait"), new("App.A", new SourceLocation("A.cs", 7))]);
        var (stacks, _) = FlameStack.Of([new StackGroup(TestFrames.Named(frames), 1, 1, true, [1])], [culprit]);
        Assert.Equal(7, Assert.Single(stacks).Frames[1].Source!.Line);
        var (other, _) = FlameStack.Of([new StackGroup(TestFrames.Named(["Monitor.Wait", "App.B"]), 1, 1, true, [1])], [culprit]);
        Assert.All(Assert.Single(other).Frames, f => Assert.Null(f.Source));
    }

    [Fact]
    public void Report_html_has_the_flame_graph_with_the_culprit_highlighted()
    {
        var html = ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait-recorded-report.json")));
        var svg = Regex.Match(html, "<svg id=\"flame-graph\".*?</svg>", RegexOptions.Singleline).Value;
        Assert.NotEmpty(svg);
        Assert.Equal("culprit", Kind(svg, "DiagScenarioController.TaskWait"));
        // The run's only user frame is the call site itself: every other box is framework code.
        Assert.DoesNotContain("class=\"frame user\"", svg);
        Assert.Equal("lib", Kind(svg, "Monitor.Wait"));
        Assert.Contains("share of the samples.", html);
    }

    private static Match Box(string svg, string name)
    {
        var m = Regex.Match(svg, $"<g class=\"frame (\\w+)[^\"]*\"[^>]*><title>{Regex.Escape(System.Net.WebUtility.HtmlEncode(name))}[^<]*</title><rect x=\"([\\d.]+)\" y=\"(\\d+)\" width=\"([\\d.]+)\"");
        Assert.True(m.Success, $"no box for {name}");
        return m;
    }

    // Boxes are drawn 1 px narrower than their share, to leave a gap between neighbours.
    private static double Width(string svg, string name) => double.Parse(Box(svg, name).Groups[4].Value, CultureInfo.InvariantCulture) + 1;

    private static int Row(string svg, string name) => int.Parse(Box(svg, name).Groups[3].Value, CultureInfo.InvariantCulture) / 18;

    private static string Kind(string svg, string name) => Box(svg, name).Groups[1].Value;

    private static string Title(string svg, string name) =>
        Regex.Match(svg, $"<title>({Regex.Escape(System.Net.WebUtility.HtmlEncode(name))}[^<]*)</title>").Groups[1].Value;

    // A flame stack from names leaf first, the user flags and source lines by position (missing ones false / none).
    private static FlameStack Flame(IReadOnlyList<string> names, long weight, IReadOnlyList<bool> user, IReadOnlyList<SourceLocation?> sources) =>
        new([.. names.Select((n, i) => new FlameFrame(n, i < user.Count && user[i], i < sources.Count ? sources[i] : null))], weight);
}
