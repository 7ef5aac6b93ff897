using PoolDoctor.Cli.Options;

namespace PoolDoctor.Tests.Cli;

public class DurationOptionTests
{
    [Theory]
    [InlineData("30s", 30)]
    [InlineData("45", 45)]
    [InlineData("500ms", 0.5)]
    [InlineData("2m", 120)]
    [InlineData("00:01:30", 90)]
    public void Durations_parse(string text, double seconds) => Assert.Equal(seconds, DurationOption.Parse(text, "--timeout").TotalSeconds, 3);

    [Theory]
    [InlineData("soon")]
    [InlineData("0s")]
    [InlineData("-3s")]
    public void Bad_durations_are_usage_errors(string text)
    {
        var error = Assert.Throws<UsageException>(() => DurationOption.Parse(text, "--timeout"));
        Assert.StartsWith("--timeout:", error.Message, StringComparison.Ordinal);
    }
}
