using PoolDoctor.Load.Stats;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// Everything one connection measured. Only its own loop writes it, so recording takes no lock; the monitor
/// thread reads <see cref="Responses"/> and <see cref="ErrorTotal"/> while the run goes (a torn read is impossible
/// for an aligned long on 64-bit, and a slightly stale value only shifts a sample by one window).
/// </summary>
internal sealed class ConnectionStats
{
    private long _responses;
    private long _errorTotal;

    public LatencyHistogram Latency { get; } = new();

    /// <summary>Responses by status class: index 0..4 for 1xx..5xx, 5 for anything else.</summary>
    public long[] StatusClasses { get; } = new long[6];

    public long[] Errors { get; } = new long[Enum.GetValues<ErrorKind>().Length];

    public long BytesRead { get; set; }

    public long BytesWritten { get; set; }

    public long LateSends { get; set; }

    /// <summary>gRPC replies by grpc-status code, OK included; empty unless the run speaks gRPC.</summary>
    public Dictionary<int, long> GrpcStatuses { get; } = [];

    /// <summary>The run's per-second series, for a loop that does not record into it itself (the SocketsHttpHandler path).</summary>
    public LoadSeries? Series { get; init; }

    public long Responses => Volatile.Read(ref _responses);

    public long ErrorTotal => Volatile.Read(ref _errorTotal);

    public void RecordResponse(int statusCode, long latencyMicroseconds)
    {
        Latency.Record(latencyMicroseconds);
        Series?.Record(System.Diagnostics.Stopwatch.GetTimestamp(), latencyMicroseconds);
        var statusClass = statusCode / 100;
        StatusClasses[statusClass is >= 1 and <= 5 ? statusClass - 1 : 5]++;
        Volatile.Write(ref _responses, _responses + 1);
    }

    /// <summary>A gRPC reply: OK is a response (a 200 with its latency), any other status an error counted by its code.</summary>
    public void RecordGrpcReply(int grpcStatus, long latencyMicroseconds)
    {
        GrpcStatuses[grpcStatus] = GrpcStatuses.GetValueOrDefault(grpcStatus) + 1;
        if (grpcStatus == Grpc.GrpcStatus.Ok)
        {
            RecordResponse(200, latencyMicroseconds);
        }
        else
        {
            RecordError(ErrorKind.Grpc);
        }
    }

    public void RecordError(ErrorKind kind)
    {
        Errors[(int)kind]++;
        Series?.RecordError(System.Diagnostics.Stopwatch.GetTimestamp());
        Volatile.Write(ref _errorTotal, _errorTotal + 1);
    }
}
