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
}

public sealed record RateStats(double Mean, double Stdev, double Max);

public sealed record LatencyStats(double Mean, double Stdev, double Max, double P50, double P75, double P90, double P95, double P99);

public sealed record StatusCounts(long Informational, long Success, long Redirect, long ClientError, long ServerError, long Other)
{
    public long NonSuccess => Informational + Redirect + ClientError + ServerError + Other;
}

/// <summary>Errors by class; timeouts are counted apart because under starvation they are the main symptom.</summary>
public sealed record ErrorCounts(long Timeout, long Connect, long Read, long Write, long Parse, long Other)
{
    /// <summary>gRPC replies whose grpc-status was not OK.</summary>
    public long Grpc { get; init; }

    public long NonTimeout => Connect + Read + Write + Parse + Other + Grpc;
}
