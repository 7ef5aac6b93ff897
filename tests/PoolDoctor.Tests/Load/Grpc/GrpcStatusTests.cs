using PoolDoctor.Load.Grpc;

namespace PoolDoctor.Tests.Load.Grpc;

public sealed class GrpcStatusTests
{
    private static HttpResponseMessage Reply(string? trailer = null, string? header = null)
    {
        var response = new HttpResponseMessage(System.Net.HttpStatusCode.OK);
        if (trailer is not null)
        {
            response.TrailingHeaders.TryAddWithoutValidation("grpc-status", trailer);
        }
        if (header is not null)
        {
            response.Headers.TryAddWithoutValidation("grpc-status", header);
        }
        return response;
    }

    [Fact]
    public void The_status_comes_from_the_trailers_after_the_message()
    {
        using var reply = Reply(trailer: "0");
        Assert.Equal(0, GrpcStatus.Read(reply.TrailingHeaders, reply.Headers));
    }

    [Fact]
    public void A_trailers_only_reply_carries_it_in_the_headers()
    {
        using var reply = Reply(header: "12");
        Assert.Equal(12, GrpcStatus.Read(reply.TrailingHeaders, reply.Headers));
    }

    [Fact]
    public void The_trailers_win_over_the_headers()
    {
        using var reply = Reply(trailer: "14", header: "0");
        Assert.Equal(14, GrpcStatus.Read(reply.TrailingHeaders, reply.Headers));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("ok")]
    [InlineData("-1")]
    public void A_reply_without_a_valid_status_has_none(string? value)
    {
        using var reply = Reply(trailer: value);
        Assert.Null(GrpcStatus.Read(reply.TrailingHeaders, reply.Headers));
    }

    [Theory]
    [InlineData(0, "OK")]
    [InlineData(4, "DeadlineExceeded")]
    [InlineData(12, "Unimplemented")]
    [InlineData(14, "Unavailable")]
    [InlineData(16, "Unauthenticated")]
    [InlineData(42, "42")]
    public void Codes_are_named_as_the_spec_names_them(int code, string name)
    {
        Assert.Equal(name, GrpcStatus.Name(code));
    }
}
