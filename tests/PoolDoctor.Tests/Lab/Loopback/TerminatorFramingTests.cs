using PoolDoctor.Lab.Loopback;

namespace PoolDoctor.Tests.Lab.Loopback;

public sealed class TerminatorFramingTests
{
    [Fact]
    public void Counts_http_requests_whose_blank_line_is_split_across_reads()
    {
        var framing = new TerminatorFraming("\r\n\r\n"u8.ToArray());
        Assert.Equal(0, framing.CountCompleted("GET /prices/a HTTP/1.1\r\nHost: x\r\n\r"u8));
        Assert.Equal(2, framing.CountCompleted("\nGET /prices/b HTTP/1.1\r\n\r\nGET /c HTTP/1.1\r\n"u8));
        Assert.Equal(1, framing.CountCompleted("\r\n"u8));
    }

    [Fact]
    public void A_single_byte_terminator_counts_every_occurrence()
    {
        var framing = new TerminatorFraming("Q"u8.ToArray());
        Assert.Equal(3, framing.CountCompleted("QQxQ"u8));
        Assert.Equal(0, framing.CountCompleted("xyz"u8));
    }

    [Fact]
    public void A_near_miss_restarts_the_match_on_the_right_byte()
    {
        var framing = new TerminatorFraming("\r\n\r\n"u8.ToArray());
        Assert.Equal(1, framing.CountCompleted("a\r\n\r\r\n\r\n"u8));
    }
}
