using PoolDoctor.Analysis.Gate;
using PoolDoctor.Cli.Options;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>What `diagnose` was asked beyond the watch itself: where to write, what to load, and the CI gate.</summary>
internal sealed record DiagnoseOptions(string Directory, IReadOnlyList<Uri> LoadUrls, int Connections, FailOn? FailOn, string? JUnit)
{
    /// <summary>The report's files (-o FILE.json, or the old -o DIR); <see cref="Directory"/> holds them and the evidence.</summary>
    public ReportPath Report { get; init; } = new(Directory, "report", FolderForm: false);

    /// <summary>What the --load requests speak (HTTP/1.1 unless --http2 or --grpc).</summary>
    public PoolDoctor.Load.LoadProtocol LoadProtocol { get; init; }

    /// <summary>With --grpc: the request message, serialized.</summary>
    public byte[] GrpcMessage { get; init; } = [];

    /// <summary>What each --load request sends (-m, -H, --body, --body-file).</summary>
    public LoadRequest? LoadRequest { get; init; }

    /// <summary>The command diagnose launched (`-- COMMAND ARGS...`), empty when it attached to a running process.</summary>
    public IReadOnlyList<string> LaunchCommand { get; init; } = [];

    /// <summary>With --load: how long the watch runs before the load starts (--baseline).</summary>
    public TimeSpan Baseline { get; init; }

    /// <summary>With --think-time: each --load connection's pause before a request.</summary>
    public PoolDoctor.Load.ThinkTime? ThinkTime { get; init; }
}
