using PoolDoctor.Load.Grpc;

namespace PoolDoctor.Tests.Load.Grpc;

public sealed class GrpcFramingTests
{
    [Fact]
    public void An_empty_message_is_five_zero_bytes()
    {
        Assert.Equal(new byte[5], GrpcFraming.Frame([]));
    }

    [Fact]
    public void The_prefix_is_an_uncompressed_flag_and_the_length_big_endian()
    {
        var message = new byte[300];
        message[0] = 0x0a;
        message[^1] = 0x7f;
        var frame = GrpcFraming.Frame(message);
        Assert.Equal(305, frame.Length);
        Assert.Equal(new byte[] { 0, 0, 0, 0x01, 0x2c }, frame[..5]);
        Assert.Equal(message, frame[5..]);
    }

    [Theory]
    [InlineData("0a03736b75", new byte[] { 0x0a, 0x03, 0x73, 0x6b, 0x75 })]
    [InlineData("0x0A 03 73:6B-75", new byte[] { 0x0a, 0x03, 0x73, 0x6b, 0x75 })]
    [InlineData("", new byte[0])]
    public void Hex_parses_with_or_without_separators(string text, byte[] expected)
    {
        Assert.Equal(expected, GrpcFraming.ParseHex(text));
    }

    [Theory]
    [InlineData("0a0")]
    [InlineData("zz")]
    [InlineData("0a 3")]
    public void Text_that_is_not_whole_hex_bytes_is_refused(string text)
    {
        Assert.Null(GrpcFraming.ParseHex(text));
    }
}
