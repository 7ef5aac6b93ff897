namespace PoolDoctor.Load;

/// <summary>What to load and how hard. <see cref="LoadRunner.RunAsync"/> checks it and throws <see cref="LoadOptionsException"/> on nonsense.</summary>
public sealed record LoadOptions
{
    public const int DefaultConnections = 125;

    /// <summary>Upper bound of a run; a load loop never runs longer, whatever else was asked.</summary>
    public static readonly TimeSpan MaxDuration = TimeSpan.FromHours(24);

    public static readonly TimeSpan DefaultDuration = TimeSpan.FromSeconds(10);

    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(30);

    public required Uri Url { get; init; }

    /// <summary>Concurrent connections, each a closed loop (or, with <see cref="Rate"/>, its share of the schedule).</summary>
    public int Connections { get; init; } = DefaultConnections;

    /// <summary>The run stops at this duration even when <see cref="Requests"/> is not reached.</summary>
    public TimeSpan Duration { get; init; } = DefaultDuration;

    /// <summary>Stop after this many requests (responses and errors together); null for no count limit.</summary>
    public long? Requests { get; init; }

    /// <summary>Per request, from the moment it is sent (connecting included) to its last byte; counted as a timeout error.</summary>
    public TimeSpan Timeout { get; init; } = DefaultTimeout;

    /// <summary>
    /// Requests per second for the open model (wrk2 style): sends follow a fixed schedule whatever the server does,
    /// latency counts from the intended send time, and sends that start late are counted. Null: closed loop.
    /// </summary>
    public double? Rate { get; init; }

    /// <summary>A pause before each of a connection's requests (siege's -d); null for none. Not with <see cref="Rate"/>.</summary>
    public ThinkTime? ThinkTime { get; init; }

    public string Method { get; init; } = "GET";

    public IReadOnlyList<KeyValuePair<string, string>> Headers { get; init; } = [];

    /// <summary>The request body sent with every request (--body, --body-file); empty: none.</summary>
    public byte[] Body { get; init; } = [];

    /// <summary>Use SocketsHttpHandler even for http:// (the fast raw-socket path is the default there).</summary>
    public bool ForceHttpClient { get; init; }

    /// <summary>HTTP/1.1 (default), HTTP/2, or a gRPC unary call; anything but HTTP/1.1 goes through SocketsHttpHandler.</summary>
    public LoadProtocol Protocol { get; init; } = LoadProtocol.Http1;

    /// <summary>With <see cref="LoadProtocol.Grpc"/>: the serialized request message (empty: every field at its default).</summary>
    public byte[] GrpcMessage { get; init; } = [];

    /// <summary>Throws <see cref="LoadOptionsException"/> with a one-line reason when the options cannot run.</summary>
    public void Validate()
    {
        if (!Url.IsAbsoluteUri || (Url.Scheme != Uri.UriSchemeHttp && Url.Scheme != Uri.UriSchemeHttps))
        {
            throw new LoadOptionsException($"'{Url.OriginalString}' is not an http:// or https:// URL");
        }
        if (!string.IsNullOrEmpty(Url.UserInfo))
        {
            throw new LoadOptionsException("user info in the URL is not supported; send an Authorization header with -H instead");
        }
        if (Connections <= 0)
        {
            throw new LoadOptionsException($"the number of connections must be at least 1 (got {Connections})");
        }
        if (Connections > 100_000)
        {
            throw new LoadOptionsException($"{Connections} connections is more than this tool supports (100000)");
        }
        if (Duration <= TimeSpan.Zero || Duration > MaxDuration)
        {
            throw new LoadOptionsException($"the duration must be above 0 and at most {MaxDuration.TotalHours:0} h");
        }
        if (Requests is <= 0)
        {
            throw new LoadOptionsException($"the number of requests must be at least 1 (got {Requests})");
        }
        if (Timeout <= TimeSpan.Zero)
        {
            throw new LoadOptionsException("the timeout must be above 0");
        }
        if (Rate is { } rate && (!double.IsFinite(rate) || rate <= 0))
        {
            throw new LoadOptionsException("the rate must be a positive number of requests per second");
        }
        if (ThinkTime is not null && Rate is not null)
        {
            throw new LoadOptionsException("a think time paces a closed loop; it does not go with a rate (-r), which sets the pace itself");
        }
        if (ThinkTime is { } think && (think.Min < TimeSpan.Zero || think.Max < think.Min))
        {
            throw new LoadOptionsException("the think time must be a range from 0 upwards");
        }
        if (Protocol == LoadProtocol.Grpc && Method != "POST")
        {
            throw new LoadOptionsException($"a gRPC call is a POST; --method {Method} does not go with --grpc");
        }
        if (Protocol == LoadProtocol.Grpc && Body.Length > 0)
        {
            throw new LoadOptionsException("a gRPC call's body is its message: give it with --grpc-message-hex, not --body");
        }
        if (!Http.HttpRequestEncoder.IsValidMethod(Method))
        {
            throw new LoadOptionsException($"'{Method}' is not a valid HTTP method");
        }
        foreach (var (name, value) in Headers)
        {
            if (Http.HttpRequestEncoder.CheckHeader(name, value) is { } problem)
            {
                throw new LoadOptionsException(problem);
            }
        }
    }
}
