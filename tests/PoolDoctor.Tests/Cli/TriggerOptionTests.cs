using PoolDoctor.Analysis.Triggers;
using PoolDoctor.Cli;

namespace PoolDoctor.Tests.Cli;

public sealed class TriggerOptionTests
{
    [Theory]
    [InlineData("queue>200 for 10s", TriggerSignal.Queue, TriggerComparison.Greater, 200, 10)]
    [InlineData("queue > 200", TriggerSignal.Queue, TriggerComparison.Greater, 200, 0)]
    [InlineData("threads>=100 for 2m", TriggerSignal.Threads, TriggerComparison.GreaterOrEqual, 100, 120)]
    [InlineData("completed<5 for 30s", TriggerSignal.Completed, TriggerComparison.Less, 5, 30)]
    [InlineData("cpu<=12.5%", TriggerSignal.Cpu, TriggerComparison.LessOrEqual, 12.5, 0)]
    [InlineData("queue-delay-p99>1s", TriggerSignal.QueueDelayP99, TriggerComparison.Greater, 1000, 0)]
    [InlineData("QUEUE-DELAY-P50>250ms for 5s", TriggerSignal.QueueDelayP50, TriggerComparison.Greater, 250, 5)]
    [InlineData("queue-delay-max>=2.5s", TriggerSignal.QueueDelayMax, TriggerComparison.GreaterOrEqual, 2500, 0)]
    public void Parses_the_grammar(string text, TriggerSignal signal, TriggerComparison comparison, double threshold, double holdSeconds)
    {
        var trigger = TriggerOption.Parse(text);
        Assert.Equal(signal, trigger.Signal);
        Assert.Equal(comparison, trigger.Comparison);
        Assert.Equal(threshold, trigger.Threshold, 6);
        Assert.Equal(holdSeconds, trigger.Hold.TotalSeconds, 6);
        Assert.Equal(text.Trim(), trigger.Text);
    }

    [Theory]
    [InlineData("", "expected SIGNAL OP VALUE")]
    [InlineData("queue 200", "expected SIGNAL OP VALUE")]
    [InlineData("queue=200", "expected SIGNAL OP VALUE")]
    [InlineData("latency>1s", "unknown signal 'latency'")]
    [InlineData("queue>lots", "'lots' is not a number")]
    [InlineData("queue>-3", "'-3' is not a number")]
    [InlineData("queue-delay-p99>1", "not a delay with a unit")]
    [InlineData("queue>200 for ever", "'ever' after 'for' is not a duration")]
    [InlineData("queue>200 during 10s", "expected SIGNAL OP VALUE")]
    public void Rejects_with_a_usage_error_naming_the_option(string text, string why)
    {
        var e = Assert.Throws<UsageException>(() => TriggerOption.Parse(text));
        Assert.StartsWith("--trigger: ", e.Message);
        Assert.Contains(why, e.Message);
        Assert.DoesNotContain('\n', e.Message);
    }
}
