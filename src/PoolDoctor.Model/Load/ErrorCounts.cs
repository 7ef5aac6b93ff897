namespace PoolDoctor.Model.Load;

/// <summary>Errors by class; timeouts are counted apart because under starvation they are the main symptom.</summary>
public sealed record ErrorCounts(long Timeout, long Connect, long Read, long Write, long Parse, long Other)
{
    /// <summary>gRPC replies whose grpc-status was not OK.</summary>
    public long Grpc { get; init; }

    public long NonTimeout => Connect + Read + Write + Parse + Other + Grpc;
}
