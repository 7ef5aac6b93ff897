using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Tests.Shared;
using PoolDoctor.Verbs.Counters;

namespace PoolDoctor.Tests.Verbs.Counters;

/// <summary>`counters`' one renderer: each format's bytes on the injected console, as a pipe or a terminal reads them.</summary>
public sealed class CounterRendererTests
{
    private static readonly CounterInterval Interval = new(
        new CounterSample(2.5, 14, 120, 35, 6.24, 2, 3, 41.2, RunnableWorkers: null, QueueDelayMs: new QueueDelay(800, 1900, 2100, 40)),
        [new InjectionEvent(2.2, 13, AdjustmentReason.CooperativeBlocking, 35)]);

    private static readonly Verdict Starving = new(VerdictKind.Starving, 0.85, VerdictRule.StarvationInjections, [EvidenceItem.Text("the queue grows")], 2.5);

    [Fact]
    public void Csv_is_a_header_then_one_row_per_interval()
    {
        var console = new TestConsole();
        var renderer = CounterRenderer.For(console, CountersFormat.Csv, CounterColumns.Parse("threadpool-queue-length,cpu-usage"), 42, "shop");

        renderer.Begin();
        renderer.Interval(Interval, Starving);
        renderer.Interval(Interval, Starving);
        renderer.EndedEarly(Starving, 2);

        Assert.Equal(
            ["seconds,threadpool-queue-length,cpu-usage,verdict,confidence", "2.5,120,6.2,Starving,0.85", "2.5,120,6.2,Starving,0.85"],
            console.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.TrimEnd('\r')));
    }

    [Fact]
    public void Json_is_one_object_per_line_and_no_sentence_when_the_watch_ends_early()
    {
        var console = new TestConsole();
        var renderer = CounterRenderer.For(console, CountersFormat.Json, null, 42, "shop");

        renderer.Begin();
        renderer.Interval(Interval, Starving);
        renderer.EndedEarly(Starving, 1);

        var line = Assert.Single(console.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        using var json = System.Text.Json.JsonDocument.Parse(line);
        Assert.Equal(120, json.RootElement.GetProperty("queueLength").GetDouble());
    }

    [Fact]
    public void A_pipe_gets_one_text_line_per_interval_and_the_last_verdict_when_the_watch_ends_early()
    {
        var console = new TestConsole(terminal: false);
        var renderer = CounterRenderer.For(console, CountersFormat.Text, null, 42, "shop");

        renderer.Interval(Interval, Starving);
        renderer.EndedEarly(Starving, 1);

        var lines = console.StdOut.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(2, lines.Length);
        Assert.DoesNotContain("\u001b[", console.StdOut, StringComparison.Ordinal);
        Assert.StartsWith("Last verdict after 1 interval(s): ", lines[1], StringComparison.Ordinal);
    }

    [Fact]
    public void A_terminal_gets_the_block_redrawn_in_place_naming_the_process()
    {
        var console = new TestConsole(terminal: true);
        var renderer = CounterRenderer.For(console, CountersFormat.Text, CounterColumns.Parse("threadpool-queue-length"), 42, "shop");

        renderer.Interval(Interval, Starving);
        renderer.Interval(Interval, Starving);

        var frames = console.StdOut.Split("\u001b[H\u001b[2J", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(2, frames.Length);
        Assert.Contains("42", frames[0], StringComparison.Ordinal);
        Assert.Contains("shop", frames[0], StringComparison.Ordinal);
        Assert.Contains("the queue grows", frames[0], StringComparison.Ordinal);
    }
}
