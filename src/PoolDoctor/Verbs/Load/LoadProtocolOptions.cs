using System.CommandLine;
using PoolDoctor.Load;
using PoolDoctor.Load.Grpc;

namespace PoolDoctor.Cli.Commands;

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

    public Option<string?> GrpcMessageHex { get; } = new("--grpc-message-hex")
    {
        HelpName = "HEX",
        Description = "With --grpc: the serialized request message as hex (default: empty, every field at its default).",
    };

    public Option<string?> ThinkTime { get; } = new("--think-time")
    {
        HelpName = "MIN-MAX",
        Description = "Pause before each of a connection's requests, uniform in the range (e.g. 0-200ms; one value D means 0-D, as siege's -d).",
    };

    public void AddTo(Command command)
    {
        command.Options.Add(ThinkTime);
        command.Options.Add(Http2);
        command.Options.Add(Grpc);
        command.Options.Add(GrpcMessageHex);
    }

    /// <summary>How each request is made: protocol, gRPC message and think time, with every bad value a usage error.</summary>
    public LoadShape Read(ParseResult parse)
    {
        var (protocol, message) = ReadProtocol(parse);
        return new LoadShape(protocol, message, ReadThinkTime(parse));
    }

    /// <summary>The think time asked for (null: none); a value that is not a duration or a range is a usage error.</summary>
    private ThinkTime? ReadThinkTime(ParseResult parse) =>
        parse.GetValue(ThinkTime) is not { } text ? null
            : Load.ThinkTime.Parse(text, out var problem) ?? throw new UsageException($"--think-time: {problem}");

    /// <summary>The protocol and gRPC message asked for; a message without --grpc, or one that is not hex, is a usage error.</summary>
    private (LoadProtocol Protocol, byte[] GrpcMessage) ReadProtocol(ParseResult parse)
    {
        var grpc = parse.GetValue(Grpc);
        var hex = parse.GetValue(GrpcMessageHex);
        if (hex is not null && !grpc)
        {
            throw new UsageException("--grpc-message-hex needs --grpc");
        }
        var message = hex is null ? [] : GrpcFraming.ParseHex(hex) ?? throw new UsageException($"--grpc-message-hex: '{hex}' is not hex bytes (e.g. 0a03736b75)");
        var protocol = grpc ? LoadProtocol.Grpc : parse.GetValue(Http2) ? LoadProtocol.Http2 : LoadProtocol.Http1;
        return (protocol, message);
    }
}

/// <summary>What <see cref="LoadProtocolOptions"/> read: how each request of a load is made.</summary>
internal sealed record LoadShape(LoadProtocol Protocol, byte[] GrpcMessage, ThinkTime? ThinkTime);
