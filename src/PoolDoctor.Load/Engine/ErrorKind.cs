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
}
