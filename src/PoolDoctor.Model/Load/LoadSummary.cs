namespace PoolDoctor.Model.Load;

/// <summary>The result of one load run; its JSON shape is documented in docs/cli.md (keys are an interface).</summary>
public sealed record LoadSummary(
    string Url,
    int Connections,
    long Requests,
    double ElapsedSeconds,
    RateStats Rps,
    LatencyStats LatencyMs,
    StatusCounts Status,
    ErrorCounts Errors,
    long BytesRead,
    long BytesWritten,
    long LateSends)
{
    /// <summary>Requests / elapsed: the honest average beside the sampled <see cref="Rps"/> statistics.</summary>
    public double OverallRps => ElapsedSeconds > 0 ? Requests / ElapsedSeconds : 0;

    /// <summary>Bytes read and written per second, as bombardier's Throughput line.</summary>
    public double ThroughputBytesPerSecond => ElapsedSeconds > 0 ? (BytesRead + BytesWritten) / ElapsedSeconds : 0;

    /// <summary>The open-model rate asked for (requests/s), null for a closed loop.</summary>
    public double? TargetRate { get; init; }

    /// <summary>gRPC replies by grpc-status name (OK included), null unless the run spoke gRPC.</summary>
    public IReadOnlyDictionary<string, long>? GrpcStatus { get; init; }

    /// <summary>The run's per-second series (UTC seconds), null when the run recorded into a series shared with other loads.</summary>
    public IReadOnlyList<LoadSecond>? Series { get; init; }
}
