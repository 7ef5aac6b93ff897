using System.CommandLine;
using PoolDoctor.Cli;
using PoolDoctor.Load;
using PoolDoctor.Verbs.Load;

namespace PoolDoctor.Tests.Verbs.Load;

public sealed class LoadCommandOptionsTests
{
    private static LoadOptions Read(params string[] args)
    {
        var options = new LoadCommandOptions();
        var command = new Command("load");
        options.AddTo(command);
        var parse = command.Parse(args);
        // The shared options check their values while parsing (Cli/Options): a bad one is a parse error, which the CLI
        // says as a usage error (exit 2) before the verb reads anything.
        if (ParseErrors.First(parse) is { } problem)
        {
            throw new UsageException(problem);
        }
        return options.Read(parse);
    }

    [Fact]
    public void Defaults_are_bombardiers_125_connections_for_10_seconds_with_a_30_second_timeout()
    {
        var options = Read("http://127.0.0.1:5000/api/diagscenario/hello");
        Assert.Equal(125, options.Connections);
        Assert.Equal(TimeSpan.FromSeconds(10), options.Duration);
        Assert.Equal(TimeSpan.FromSeconds(30), options.Timeout);
        Assert.Null(options.Requests);
        Assert.Null(options.Rate);
        Assert.Equal("GET", options.Method);
        Assert.Empty(options.Headers);
    }

    [Fact]
    public void Every_option_has_its_short_and_long_form()
    {
        var options = Read("http://127.0.0.1:5000/x", "-c", "8", "-d", "2m", "-n", "500", "--timeout", "500ms", "-r", "250",
            "-m", "post", "-H", "X-A: 1", "--header", "X-B:two words");
        Assert.Equal(8, options.Connections);
        Assert.Equal(TimeSpan.FromMinutes(2), options.Duration);
        Assert.Equal(500, options.Requests);
        Assert.Equal(TimeSpan.FromMilliseconds(500), options.Timeout);
        Assert.Equal(250, options.Rate);
        Assert.Equal("POST", options.Method);
        Assert.Equal([KeyValuePair.Create("X-A", "1"), KeyValuePair.Create("X-B", "two words")], options.Headers);
    }

    [Fact]
    public void A_count_without_a_duration_is_still_bounded_in_time()
    {
        var options = Read("http://127.0.0.1:5000/x", "-n", "100");
        Assert.Equal(LoadCommandOptions.CountOnlyDurationLimit, options.Duration);
    }

    [Theory]
    [InlineData("10s", 10_000)]
    [InlineData("500ms", 500)]
    [InlineData("2m", 120_000)]
    [InlineData("1h", 3_600_000)]
    [InlineData("15", 15_000)]
    [InlineData("1.5s", 1_500)]
    public void Durations_read_like_load_tools_write_them(string text, double milliseconds)
    {
        Assert.True(PoolDoctor.Load.DurationText.TryParse(text, out var duration));
        Assert.Equal(milliseconds, duration.TotalMilliseconds, 6);
    }

    [Theory]
    [InlineData("-d", "abc", "--duration")]
    [InlineData("-d", "0", "--duration")]
    [InlineData("-d", "-5s", "--duration")]
    [InlineData("-d", "10x", "--duration")]
    [InlineData("--timeout", "soon", "--timeout")]
    [InlineData("-c", "0", "connections")]
    [InlineData("-n", "0", "requests")]
    [InlineData("-r", "-1", "rate")]
    [InlineData("-m", "GE T", "method")]
    [InlineData("-H", "NoColon", "--header")]
    [InlineData("-H", "X-A: a\nb", "line break")]
    [InlineData("-d", "25h", "duration")]
    public void Bad_values_are_usage_errors_that_name_the_problem(string option, string value, string expected)
    {
        var error = Assert.Throws<UsageException>(() => Read("http://127.0.0.1:5000/x", option, value));
        Assert.Contains(expected, error.Message);
    }

    [Theory]
    [InlineData("not a url")]
    [InlineData("127.0.0.1:5000/x")]
    [InlineData("ftp://127.0.0.1/x")]
    [InlineData("file:///etc/passwd")]
    public void Urls_that_are_not_http_are_usage_errors(string url) =>
        Assert.Throws<UsageException>(() => Read(url));

    [Theory]
    [InlineData("load", "http://127.0.0.1:1/x", "-c", "abc")]
    [InlineData("load", "http://127.0.0.1:1/x", "--format", "xml")]
    [InlineData("load", "ftp://127.0.0.1/x")]
    [InlineData("load", "http://127.0.0.1:1/x", "-d", "forever")]
    [InlineData("load")]
    public async Task Through_the_cli_bad_input_exits_with_2(params string[] args) =>
        Assert.Equal(ExitCodes.Usage, await CliApp.RunAsync(args));

    [Fact]
    public void Grpc_is_an_http2_post_with_an_empty_message_by_default()
    {
        var options = Read("http://127.0.0.1:5001/shop.Warehouse/Check", "--grpc");
        Assert.Equal(LoadProtocol.Grpc, options.Protocol);
        Assert.Equal("POST", options.Method);
        Assert.Empty(options.GrpcMessage);
    }

    [Fact]
    public void Grpc_takes_its_message_as_hex_and_http2_alone_keeps_get()
    {
        Assert.Equal(new byte[] { 0x0a, 0x01, 0x41 }, Read("http://127.0.0.1:5001/a.B/C", "--grpc", "--grpc-message-hex", "0a0141").GrpcMessage);
        var http2 = Read("http://127.0.0.1:5001/hello", "--http2");
        Assert.Equal(LoadProtocol.Http2, http2.Protocol);
        Assert.Equal("GET", http2.Method);
        Assert.Equal(LoadProtocol.Http1, Read("http://127.0.0.1:5001/hello").Protocol);
    }

    [Theory]
    [InlineData("--grpc", "-m", "GET")]
    [InlineData("--grpc-message-hex", "00")]
    [InlineData("--grpc", "--grpc-message-hex", "0g")]
    public void Grpc_options_that_cannot_go_together_are_usage_errors(params string[] args)
    {
        Assert.Throws<UsageException>(() => Read(["http://127.0.0.1:5001/a.B/C", .. args]));
    }
}
