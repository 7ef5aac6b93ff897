namespace PoolDoctor.Load;

/// <summary>What each request speaks: plain HTTP/1.1, HTTP/2, or a gRPC unary call over HTTP/2.</summary>
public enum LoadProtocol
{
    Http1,

    /// <summary>HTTP/2 only: with TLS as negotiated by ALPN, without it by prior knowledge (h2c), never downgraded.</summary>
    Http2,

    /// <summary>An HTTP/2 POST with a length-prefixed message, OK only when the reply's grpc-status is 0.</summary>
    Grpc,
}
