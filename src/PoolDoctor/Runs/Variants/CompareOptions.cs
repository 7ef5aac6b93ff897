using PoolDoctor.Cli.Options;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Runs.Variants;

/// <summary>
/// What `compare` was asked: the variants and their load, and either a running target to watch (or none), or a command
/// to start afresh for each variant (<see cref="Command"/> not empty; <see cref="Child"/> as for `diagnose`).
/// </summary>
internal sealed record CompareOptions(
    IReadOnlyList<Variant> Variants,
    int Connections,
    TimeSpan Duration,
    TimeSpan Timeout,
    TargetSpec? Target,
    IReadOnlyList<string> Command,
    string? Child)
{
    /// <summary>What each variant's requests speak (HTTP/1.1 unless --http2 or --grpc).</summary>
    public PoolDoctor.Load.LoadProtocol LoadProtocol { get; init; }

    /// <summary>With --grpc: the request message, serialized.</summary>
    public byte[] GrpcMessage { get; init; } = [];

    /// <summary>With --think-time: each connection's pause before a request.</summary>
    public PoolDoctor.Load.ThinkTime? ThinkTime { get; init; }

    /// <summary>What each request sends (-m, -H, --body, --body-file); null: a GET (a POST with --grpc).</summary>
    public LoadRequest? LoadRequest { get; init; }

    /// <summary>With --show-child-io: given every line a started command prints.</summary>
    public Action<string>? ChildOutput { get; init; }

    /// <summary>Where the command runs (`fix --verify` runs it in each copied tree); null: the tool's working directory.</summary>
    public string? WorkingDirectory { get; init; }
}
