using System.Globalization;
using System.Net.Http.Headers;

namespace PoolDoctor.Load.Grpc;

/// <summary>
/// The grpc-status a reply carries: in the trailers after the message, or in the headers of a trailers-only reply (how a
/// server answers an error before any message). Named as the gRPC spec names them.
/// </summary>
public static class GrpcStatus
{
    public const int Ok = 0;

    private static readonly string[] Names =
    [
        "OK", "Cancelled", "Unknown", "InvalidArgument", "DeadlineExceeded", "NotFound", "AlreadyExists", "PermissionDenied",
        "ResourceExhausted", "FailedPrecondition", "Aborted", "OutOfRange", "Unimplemented", "Internal", "Unavailable",
        "DataLoss", "Unauthenticated",
    ];

    /// <summary>The status code, or null when neither the trailers nor the headers carry a valid one.</summary>
    public static int? Read(HttpHeaders trailers, HttpHeaders headers) => Find(trailers) ?? Find(headers);

    public static string Name(int code) => code >= 0 && code < Names.Length ? Names[code] : code.ToString(CultureInfo.InvariantCulture);

    private static int? Find(HttpHeaders headers) =>
        headers.TryGetValues("grpc-status", out var values)
        && int.TryParse(values.FirstOrDefault(), NumberStyles.None, CultureInfo.InvariantCulture, out var code)
            ? code
            : null;
}
