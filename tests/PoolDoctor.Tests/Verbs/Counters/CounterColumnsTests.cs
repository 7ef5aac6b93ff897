using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Verdicts;
using PoolDoctor.Verbs.Counters;

namespace PoolDoctor.Tests.Verbs.Counters;

/// <summary>`counters --counters` and `--format csv`: the picked counters, in the user's order, as text and CSV.</summary>
public sealed class CounterColumnsTests
{
    private static readonly CounterInterval Interval = new(
        new CounterSample(2.5, 14, 120, 35, 6.24, 2, 3, 41.2, RunnableWorkers: null, QueueDelayMs: new QueueDelay(800, 1900, 2100, 40)),
        [new InjectionEvent(2.2, 13, AdjustmentReason.CooperativeBlocking, 35), new InjectionEvent(2.4, 14, AdjustmentReason.Starvation, 35)]);


    [Fact]
    public void Names_are_dotnet_counters_names_in_the_order_given_and_the_system_runtime_form_is_accepted()
    {
        var picked = CounterColumns.Parse("System.Runtime[threadpool-queue-length, cpu-usage,threadpool-queue-length]");

        Assert.Equal(["threadpool-queue-length", "cpu-usage"], picked.Select(c => c.Name));
    }

    [Fact]
    public void Every_counter_when_none_is_named()
    {
        Assert.Same(CounterColumns.All, CounterColumns.Parse(null));
    }

    [Fact]
    public void An_unknown_name_is_a_usage_error_listing_the_names()
    {
        var error = Assert.Throws<UsageException>(() => CounterColumns.Parse("threads"));

        Assert.StartsWith("--counters: unknown counter 'threads' (one of threadpool-thread-count, ", error.Message);
    }

    [Fact]
    public void Csv_has_a_header_and_one_invariant_row_with_an_empty_cell_for_what_was_not_measured()
    {
        var columns = CounterColumns.Parse("threadpool-thread-count,cpu-usage,runnable-pool-threads,queue-delay-p99,thread-injections");

        Assert.Equal("seconds,threadpool-thread-count,cpu-usage,runnable-pool-threads,queue-delay-p99,thread-injections,verdict,confidence", CounterColumns.CsvHeader(columns));
        Assert.Equal("2.5,14,6.2,,1900,2,Starving,0.85", CounterColumns.CsvRow(columns, Interval, VerdictKind.Starving, 0.85));
    }

    [Fact]
    public void The_text_line_shows_only_the_picked_counters_and_the_verdict()
    {
        var line = CounterColumns.Line(CounterColumns.Parse("threadpool-queue-length,gc-heap-size"), Interval, VerdictKind.Starving, 0.85);

        Assert.Equal("t=2.5s queue=120 heapMB=41.2 verdict=Starving(0.85)", line);
    }
}
