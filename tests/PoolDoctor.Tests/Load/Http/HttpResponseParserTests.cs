using System.Text;
using PoolDoctor.Load.Http;

namespace PoolDoctor.Tests.Load.Http;

public sealed class HttpResponseParserTests
{
    private const string ChunkedWithTrailers =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" +
        "5;ext=1\r\nhello\r\n" +
        "0000B\r\n, the world\r\n" +
        "0\r\nX-Checksum: 42\r\n\r\n";

    /// <summary>
    /// Feeds the response the way the raw connection does: reads of <paramref name="readSize"/> bytes appended to the
    /// unconsumed tail. Returns the status, the parser, and how many bytes the parser consumed in all.
    /// </summary>
    private static (ParseStatus Status, HttpResponseParser Parser, int Consumed) Feed(string response, int readSize, bool eof = false, bool head = false)
    {
        var bytes = Encoding.Latin1.GetBytes(response);
        var parser = new HttpResponseParser();
        parser.Reset(head);
        var pending = new List<byte>();
        var total = 0;
        for (var offset = 0; offset < bytes.Length; offset += readSize)
        {
            pending.AddRange(bytes.Skip(offset).Take(readSize));
            var status = parser.Parse(pending.ToArray(), out var consumed);
            total += consumed;
            pending.RemoveRange(0, consumed);
            if (status != ParseStatus.NeedMore)
            {
                return (status, parser, total);
            }
        }
        return (eof ? parser.Finish() : ParseStatus.NeedMore, parser, total);
    }

    [Fact]
    public void Content_length_response_is_complete_after_its_body_and_keeps_the_connection()
    {
        const string response = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello";
        var (status, parser, consumed) = Feed(response, 4096);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(200, parser.StatusCode);
        Assert.True(parser.KeepAlive);
        Assert.Equal(5, parser.BodyBytes);
        Assert.Equal(response.Length, consumed);
    }

    [Fact]
    public void Bytes_after_the_response_are_not_consumed()
    {
        const string first = "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n";
        var (status, parser, consumed) = Feed(first + "HTTP/1.1 200 OK\r\n", 4096);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(404, parser.StatusCode);
        Assert.Equal(first.Length, consumed);
    }

    [Fact]
    public void Chunked_body_with_extensions_and_trailers_is_read_to_its_end()
    {
        var (status, parser, consumed) = Feed(ChunkedWithTrailers, 4096);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(16, parser.BodyBytes);
        Assert.Equal(ChunkedWithTrailers.Length, consumed);
        Assert.True(parser.KeepAlive);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(7)]
    [InlineData(16)]
    public void A_response_split_across_reads_parses_the_same(int readSize)
    {
        var (status, parser, consumed) = Feed(ChunkedWithTrailers, readSize);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(16, parser.BodyBytes);
        Assert.Equal(ChunkedWithTrailers.Length, consumed);

        var (status2, parser2, _) = Feed("HTTP/1.1 201 Created\r\nContent-Length: 11\r\n\r\nhello world", readSize);
        Assert.Equal(ParseStatus.Complete, status2);
        Assert.Equal(201, parser2.StatusCode);
        Assert.Equal(11, parser2.BodyBytes);
    }

    [Theory]
    [InlineData("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", false)]
    [InlineData("HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Upgrade\r\nContent-Length: 2\r\n\r\nok", true)]
    [InlineData("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", false)]
    [InlineData("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok", true)]
    public void Keep_alive_follows_the_version_and_the_Connection_header(string response, bool keepAlive)
    {
        var (status, parser, _) = Feed(response, 4096);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(keepAlive, parser.KeepAlive);
    }

    [Fact]
    public void A_body_without_length_ends_when_the_server_closes()
    {
        var (status, parser, _) = Feed("HTTP/1.1 200 OK\r\n\r\nsome body", 4096);
        Assert.Equal(ParseStatus.NeedMore, status);
        var (closed, closedParser, _) = Feed("HTTP/1.1 200 OK\r\n\r\nsome body", 4096, eof: true);
        Assert.Equal(ParseStatus.Complete, closed);
        Assert.False(closedParser.KeepAlive);
        Assert.Equal(9, closedParser.BodyBytes);
        Assert.Equal(9, parser.BodyBytes);
    }

    [Theory]
    [InlineData("HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n", false)]
    [InlineData("HTTP/1.1 304 Not Modified\r\n\r\n", false)]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", true)]
    public void Responses_that_never_have_a_body_complete_at_their_headers(string response, bool head)
    {
        var (status, parser, _) = Feed(response, 4096, head: head);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(0, parser.BodyBytes);
    }

    [Fact]
    public void An_interim_100_Continue_is_skipped()
    {
        var (status, parser, _) = Feed("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx", 5);
        Assert.Equal(ParseStatus.Complete, status);
        Assert.Equal(200, parser.StatusCode);
    }

    [Theory]
    [InlineData("HTTP/2 200 OK\r\n\r\n")]
    [InlineData("HTTP/1.1 2x0 OK\r\n\r\n")]
    [InlineData("SSH-2.0-OpenSSH_9.2\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n")]
    public void Malformed_responses_are_invalid_with_a_reason(string response)
    {
        var (status, parser, _) = Feed(response, 4096);
        Assert.Equal(ParseStatus.Invalid, status);
        Assert.False(string.IsNullOrEmpty(parser.Error));
    }

    [Fact]
    public void A_header_line_longer_than_the_limit_is_invalid_rather_than_buffered_forever()
    {
        var response = "HTTP/1.1 200 OK\r\nX-Big: " + new string('a', HttpResponseParser.MaxLineLength + 10);
        var (status, _, _) = Feed(response, 1024);
        Assert.Equal(ParseStatus.Invalid, status);
    }

    [Fact]
    public void A_response_cut_short_by_the_server_is_invalid()
    {
        var (status, parser, _) = Feed("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", 4096, eof: true);
        Assert.Equal(ParseStatus.Invalid, status);
        Assert.Contains("closed", parser.Error);
    }
}
