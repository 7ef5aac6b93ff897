namespace PoolDoctor.Load.Http;

internal enum ParseStatus
{
    /// <summary>The response is not complete yet; keep the unconsumed bytes and read more.</summary>
    NeedMore,

    /// <summary>One whole response was read.</summary>
    Complete,

    /// <summary>The bytes are not a valid HTTP/1.x response; the connection must be dropped.</summary>
    Invalid,
}
