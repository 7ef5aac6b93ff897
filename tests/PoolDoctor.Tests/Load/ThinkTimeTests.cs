using System.Diagnostics;
using PoolDoctor.Load;

namespace PoolDoctor.Tests.Load;

/// <summary>`--think-time`: how the text reads, and the pauses it draws.</summary>
public sealed class ThinkTimeTests
{
    [Theory]
    [InlineData("0-200ms", 0, 200)]
    [InlineData("100ms-1s", 100, 1000)]
    [InlineData("1-2s", 1000, 2000)]
    [InlineData("200ms", 0, 200)]
    [InlineData(" 50ms - 50ms ", 50, 50)]
    [InlineData("0.5", 0, 500)]
    public void Reads_a_range_or_one_value_as_siege_reads_it(string text, double minMs, double maxMs)
    {
        var think = ThinkTime.Parse(text, out var problem);
        Assert.Null(problem);
        Assert.NotNull(think);
        Assert.Equal(TimeSpan.FromMilliseconds(minMs), think.Min);
        Assert.Equal(TimeSpan.FromMilliseconds(maxMs), think.Max);
    }

    [Theory]
    [InlineData("")]
    [InlineData("fast")]
    [InlineData("200ms-100ms")]
    [InlineData("0-20m")]
    [InlineData("-5ms")]
    [InlineData("0-200xs")]
    public void Refuses_what_is_not_a_range_with_a_reason(string text)
    {
        Assert.Null(ThinkTime.Parse(text, out var problem));
        Assert.False(string.IsNullOrEmpty(problem));
    }

    [Fact]
    public void What_it_prints_reads_back_the_same()
    {
        var think = ThinkTime.Parse("0-200ms", out _)!;
        Assert.Equal(think, ThinkTime.Parse(think.ToString(), out _));
        var fixedPause = ThinkTime.Parse("50ms-50ms", out _)!;
        Assert.Equal(fixedPause, ThinkTime.Parse(fixedPause.ToString(), out _));
    }

    [Fact]
    public void Pauses_are_uniform_over_the_range()
    {
        var think = new ThinkTime(TimeSpan.FromMilliseconds(100), TimeSpan.FromMilliseconds(300));
        var random = new Random(7);
        var pauses = Enumerable.Range(0, 20_000).Select(_ => think.NextPauseTicks(random) * 1000.0 / Stopwatch.Frequency).ToList();
        Assert.All(pauses, p => Assert.InRange(p, 100, 300));
        Assert.InRange(pauses.Average(), 195, 205);
        // Each fifth of the range holds about a fifth of the pauses.
        for (var band = 0; band < 5; band++)
        {
            var low = 100 + (band * 40);
            var share = pauses.Count(p => p >= low && p < low + 40) / (double)pauses.Count;
            Assert.InRange(share, 0.18, 0.22);
        }
    }

    [Fact]
    public void A_think_time_with_a_rate_is_refused()
    {
        var options = new LoadOptions
        {
            Url = new Uri("http://127.0.0.1:1/"),
            Rate = 100,
            ThinkTime = new ThinkTime(TimeSpan.Zero, TimeSpan.FromMilliseconds(200)),
        };
        var e = Assert.Throws<LoadOptionsException>(options.Validate);
        Assert.Contains("rate", e.Message, StringComparison.Ordinal);
    }
}
