namespace PoolDoctor.Load.Engine;

/// <summary>Error classes as wrk counts them, with timeouts apart: under starvation they are the main symptom.</summary>
internal enum ErrorKind
{
    Timeout,
    Connect,
    Read,
    Write,
    Parse,
    Other,

    /// <summary>A gRPC reply whose grpc-status is not OK (the HTTP status is 200 all the same).</summary>
    Grpc,
}
