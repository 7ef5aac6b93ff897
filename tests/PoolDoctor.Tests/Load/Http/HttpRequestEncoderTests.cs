using System.Text;
using PoolDoctor.Load.Http;

namespace PoolDoctor.Tests.Load.Http;

public sealed class HttpRequestEncoderTests
{
    private static string Encode(string url, string method = "GET", params (string, string)[] headers) =>
        Encoding.Latin1.GetString(HttpRequestEncoder.Encode(new Uri(url), method, headers.Select(h => KeyValuePair.Create(h.Item1, h.Item2)).ToList()));

    [Fact]
    public void A_GET_is_encoded_once_with_host_port_path_and_query()
    {
        Assert.Equal(
            "GET /api/diagscenario/hello?x=1 HTTP/1.1\r\nHost: 127.0.0.1:5000\r\nUser-Agent: pooldoctor-load/0.1\r\nAccept: */*\r\n\r\n",
            Encode("http://127.0.0.1:5000/api/diagscenario/hello?x=1"));
    }

    [Fact]
    public void The_default_port_is_left_out_of_Host_and_IPv6_keeps_its_brackets()
    {
        Assert.StartsWith("GET / HTTP/1.1\r\nHost: localhost\r\n", Encode("http://localhost/"));
        Assert.StartsWith("GET /x HTTP/1.1\r\nHost: [::1]:8080\r\n", Encode("http://[::1]:8080/x"));
    }

    [Fact]
    public void User_headers_are_sent_and_replace_the_defaults_they_name()
    {
        var text = Encode("http://127.0.0.1:5000/", "GET", ("Host", "example.test"), ("X-Trace", "abc"));
        Assert.DoesNotContain("Host: 127.0.0.1", text);
        Assert.Contains("\r\nHost: example.test\r\n", text);
        Assert.EndsWith("X-Trace: abc\r\n\r\n", text);
    }

    [Fact]
    public void A_body_follows_the_headers_with_its_length_in_bytes()
    {
        var body = Encoding.UTF8.GetBytes("{\"sku\":\"é\"}");
        var bytes = HttpRequestEncoder.Encode(new Uri("http://127.0.0.1:5000/orders"), "POST", [KeyValuePair.Create("Idempotency-Key", "k-1")], body);
        var text = Encoding.Latin1.GetString(bytes);

        Assert.StartsWith("POST /orders HTTP/1.1\r\n", text);
        Assert.Contains($"\r\nContent-Length: {body.Length}\r\n", text);
        Assert.Contains("\r\nIdempotency-Key: k-1\r\n\r\n", text);
        Assert.Equal(body, bytes[^body.Length..]);
    }

    [Fact]
    public void A_POST_without_a_body_says_so_with_Content_Length_zero()
    {
        Assert.Contains("\r\nContent-Length: 0\r\n", Encode("http://127.0.0.1:5000/", "POST"));
        Assert.DoesNotContain("Content-Length", Encode("http://127.0.0.1:5000/", "GET"));
    }

    [Theory]
    [InlineData("X-Evil", "a\r\nGET /other HTTP/1.1")]
    [InlineData("Bad Name", "v")]
    [InlineData("", "v")]
    public void Headers_that_could_split_the_request_are_refused(string name, string value) =>
        Assert.NotNull(HttpRequestEncoder.CheckHeader(name, value));

    [Theory]
    [InlineData("GET", true)]
    [InlineData("PATCH", true)]
    [InlineData("GE T", false)]
    [InlineData("", false)]
    public void Methods_must_be_tokens(string method, bool valid) => Assert.Equal(valid, HttpRequestEncoder.IsValidMethod(method));
}
