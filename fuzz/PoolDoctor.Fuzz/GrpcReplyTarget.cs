using System.Text;
using PoolDoctor.Load.Grpc;

namespace PoolDoctor.Fuzz;

/// <summary>
/// What the gRPC path reads of a reply: the grpc-status in the trailers or the headers (HTTP/2 framing itself is
/// SocketsHttpHandler's), and the hex of `--grpc-message`. The input is lines: "t:VALUE" a trailer, "h:VALUE" a
/// header, anything else hex for the message parser.
/// </summary>
internal static class GrpcReplyTarget
{
    public static void Run(byte[] input)
    {
        using var response = new HttpResponseMessage();
        foreach (var line in Encoding.UTF8.GetString(input).Split('\n'))
        {
            if (line.StartsWith("t:", StringComparison.Ordinal))
            {
                response.TrailingHeaders.TryAddWithoutValidation("grpc-status", line[2..]);
            }
            else if (line.StartsWith("h:", StringComparison.Ordinal))
            {
                response.Headers.TryAddWithoutValidation("grpc-status", line[2..]);
            }
            else if (GrpcFraming.ParseHex(line) is { } message)
            {
                var frame = GrpcFraming.Frame(message);
                if (frame.Length != GrpcFraming.PrefixLength + message.Length)
                {
                    throw new FuzzFindingException("a frame's length is not its prefix plus its message");
                }
            }
        }
        if (GrpcStatus.Read(response.TrailingHeaders, response.Headers) is { } code)
        {
            if (code < 0)
            {
                throw new FuzzFindingException($"a negative grpc-status {code}");
            }
            _ = GrpcStatus.Name(code);
        }
    }
}
