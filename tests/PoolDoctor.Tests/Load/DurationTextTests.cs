using PoolDoctor.Load;

namespace PoolDoctor.Tests.Load;

public class DurationTextTests
{
    [Theory]
    [InlineData("2m30s", 150_000)]
    [InlineData("1h5m", 3_900_000)]
    [InlineData("1h0m5s", 3_605_000)]
    [InlineData("1h5s", 3_605_000)]
    [InlineData("1m0.5s", 60_500)]
    [InlineData("2s500ms", 2_500)]
    public void Compound_durations_parse(string text, double milliseconds)
    {
        Assert.True(DurationText.TryParse(text, out var duration));
        Assert.Equal(milliseconds, duration.TotalMilliseconds, 6);
    }

    [Theory]
    [InlineData("30s2m")]
    [InlineData("1m1m")]
    [InlineData("1h5")]
    [InlineData("m")]
    [InlineData("5 s")]
    [InlineData("1.5.2s")]
    public void Parts_out_of_order_repeated_or_without_a_unit_do_not_parse(string text) =>
        Assert.False(DurationText.TryParse(text, out _));

    [Theory]
    [InlineData("2m30s")]
    [InlineData("1h5m")]
    [InlineData("1.5s")]
    [InlineData("500ms")]
    [InlineData("1h")]
    [InlineData("25h")]
    [InlineData("1h5s")]
    [InlineData("90.5s")]
    [InlineData("0.25ms")]
    public void The_formatter_writes_what_it_was_given(string text)
    {
        Assert.True(DurationText.TryParse(text, out var duration));
        Assert.Equal(text, DurationText.Format(duration));
    }

    [Fact]
    public void Every_formatted_duration_parses_back_to_itself()
    {
        var milliseconds = new long[] { 1, 7, 250, 500, 999, 1_000, 1_500, 59_999, 60_000, 61_000, 90_500, 150_000, 3_599_000, 3_600_000, 3_605_000, 3_900_000, 86_400_000, 90_061_000 };
        var values = milliseconds.Select(ms => TimeSpan.FromMilliseconds(ms))
            .Concat(Enumerable.Range(1, 400).Select(i => TimeSpan.FromMilliseconds(i * 7_919L)))
            .Concat(Enumerable.Range(1, 200).Select(i => TimeSpan.FromSeconds(i * 61L)));
        foreach (var value in values)
        {
            var text = DurationText.Format(value);
            Assert.True(DurationText.TryParse(text, out var back), $"'{text}' (from {value}) does not parse");
            Assert.Equal(value.TotalMilliseconds, back.TotalMilliseconds, 3);
        }
    }
}
