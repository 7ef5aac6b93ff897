using System.CommandLine;
using PoolDoctor.Load;
using PoolDoctor.Load.Grpc;

namespace PoolDoctor.Cli.Options;

/// <summary>
/// `--think-time`, `--http2`, `--grpc` and `--grpc-message-hex`, shared by every verb that runs the built-in load (load, diagnose --load,
/// compare), so a gRPC service is loaded the same way everywhere.
/// </summary>
internal sealed class LoadProtocolOptions
{
    public Option<bool> Http2 { get; } = new("--http2")
    {
        Description = "Speak HTTP/2 only: h2c with prior knowledge on http://, ALPN on https://; never falls back to HTTP/1.1.",
    };

    public Option<bool> Grpc { get; } = new("--grpc")
    {
        Description = "Call a gRPC unary method (the URL is http://HOST:PORT/package.Service/Method): HTTP/2 POST, application/grpc, "
                      + "te: trailers; a reply counts as OK only when its grpc-status is 0, otherwise as an error by status.",
    };

    public Option<byte[]?> GrpcMessageHex { get; } = new("--grpc-message-hex")
    {
        HelpName = "HEX",
        Description = "With --grpc: the serialized request message as hex (default: empty, every field at its default).",
        CustomParser = result =>
        {
            var hex = result.Tokens.Count > 0 ? result.Tokens[0].Value : null;
            if (hex is null)
            {
                return null;
            }
            var message = GrpcFraming.ParseHex(hex);
            if (message is null)
            {
                result.AddError($"--grpc-message-hex: '{hex}' is not hex bytes (e.g. 0a03736b75)");
            }
            return message;
        },
    };

    public Option<ThinkTime?> ThinkTime { get; } = new("--think-time")
    {
        HelpName = "MIN-MAX",
        Description = "Pause before each of a connection's requests, uniform in the range (e.g. 0-200ms; one value D means 0-D, as siege's -d).",
        CustomParser = result =>
        {
            if (result.Tokens.Count == 0)
            {
                return null;
            }
            var think = PoolDoctor.Load.ThinkTime.Parse(result.Tokens[0].Value, out var problem);
            if (think is null)
            {
                result.AddError($"--think-time: {problem}");
            }
            return think;
        },
    };

    public void AddTo(Command command)
    {
        command.Options.Add(ThinkTime);
        command.Options.Add(Http2);
        command.Options.Add(Grpc);
        command.Options.Add(GrpcMessageHex);
    }

    /// <summary>How each request is made: protocol, gRPC message and think time (each value was checked while parsing).</summary>
    public LoadShape Read(ParseResult parse)
    {
        var (protocol, message) = ReadProtocol(parse);
        return new LoadShape(protocol, message, parse.GetValue(ThinkTime));
    }

    /// <summary>The protocol and gRPC message asked for; a message without --grpc is a usage error.</summary>
    private (LoadProtocol Protocol, byte[] GrpcMessage) ReadProtocol(ParseResult parse)
    {
        var grpc = parse.GetValue(Grpc);
        // Given or not: System.CommandLine answers an array option that was not given with an empty array.
        var hex = parse.GetResult(GrpcMessageHex) is { Implicit: false } ? parse.GetValue(GrpcMessageHex) : null;
        if (hex is not null && !grpc)
        {
            throw new UsageException("--grpc-message-hex needs --grpc");
        }
        var message = hex ?? [];
        var protocol = grpc ? LoadProtocol.Grpc : parse.GetValue(Http2) ? LoadProtocol.Http2 : LoadProtocol.Http1;
        return (protocol, message);
    }
}

/// <summary>What <see cref="LoadProtocolOptions"/> read: how each request of a load is made.</summary>
internal sealed record LoadShape(LoadProtocol Protocol, byte[] GrpcMessage, ThinkTime? ThinkTime);
