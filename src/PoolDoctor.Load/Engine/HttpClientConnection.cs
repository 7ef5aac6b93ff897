using System.Diagnostics;
using System.Net.Http;
using System.Net.Sockets;
using PoolDoctor.Load.Stats;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// The general path (https:// and anything the raw path does not cover): SocketsHttpHandler through a shared
/// HttpMessageInvoker, one loop per connection, the body drained into a reused buffer so latency is time to last byte.
/// Over HTTP/2 a "connection" is one request stream at a time; the handler opens as many HTTP/2 connections as the
/// server's stream limit needs. A gRPC call is only a response when its grpc-status (read after the body) is OK.
/// </summary>
internal sealed class HttpClientConnection : LoadConnection
{
    private readonly HttpMessageInvoker _invoker;
    private readonly LoadOptions _options;
    private readonly HttpMethod _method;
    private readonly byte[] _buffer = new byte[16 * 1024];
    private readonly byte[]? _grpcFrame;
    private readonly Version _version;

    public HttpClientConnection(RunControl control, long quota, SendSchedule? schedule, HttpMessageInvoker invoker, LoadOptions options, LoadSeries series)
        : base(control, quota, schedule, options.ThinkTime, series)
    {
        _invoker = invoker;
        _options = options;
        _method = new HttpMethod(options.Method);
        _grpcFrame = options.Protocol == LoadProtocol.Grpc ? Grpc.GrpcFraming.Frame(options.GrpcMessage) : null;
        _version = options.Protocol == LoadProtocol.Http1 ? System.Net.HttpVersion.Version11 : System.Net.HttpVersion.Version20;
    }

    public static HttpMessageInvoker CreateInvoker(LoadOptions options) => new(
        new SocketsHttpHandler
        {
            MaxConnectionsPerServer = options.Connections,
            UseCookies = false,
            UseProxy = false,
            AllowAutoRedirect = false,
            AutomaticDecompression = System.Net.DecompressionMethods.None,
            ActivityHeadersPropagator = null,
            PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
            ConnectTimeout = options.Timeout,
            EnableMultipleHttp2Connections = true,
        },
        disposeHandler: true);

    protected override async Task<bool> SendOneAsync(long due)
    {
        var phase = ErrorKind.Connect;
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(Control.StopToken);
        timeout.CancelAfter(_options.Timeout);
        var start = Stopwatch.GetTimestamp();
        try
        {
            // Exact: an HTTP/2 run must measure HTTP/2, never a silent downgrade to HTTP/1.1.
            using var request = new HttpRequestMessage(_method, _options.Url) { Version = _version, VersionPolicy = HttpVersionPolicy.RequestVersionExact };
            if (_grpcFrame is not null)
            {
                request.Content = new ByteArrayContent(_grpcFrame);
                request.Content.Headers.TryAddWithoutValidation("content-type", "application/grpc");
                request.Headers.TryAddWithoutValidation("te", "trailers");
            }
            else if (_options.Body.Length > 0)
            {
                request.Content = new ByteArrayContent(_options.Body);
            }
            foreach (var (name, value) in _options.Headers)
            {
                if (!request.Headers.TryAddWithoutValidation(name, value))
                {
                    request.Content ??= new ByteArrayContent([]);
                    request.Content.Headers.TryAddWithoutValidation(name, value);
                }
            }
            using var response = await _invoker.SendAsync(request, timeout.Token);
            phase = ErrorKind.Read;
            await using var body = await response.Content.ReadAsStreamAsync(timeout.Token);
            long bytes = 0;
            int read;
            while ((read = await body.ReadAsync(_buffer, timeout.Token)) > 0)
            {
                bytes += read;
            }
            var end = Stopwatch.GetTimestamp();
            if (Control.Stopping)
            {
                return true;
            }
            Stats.BytesRead += bytes;
            var latency = RunControl.MicrosecondsBetween(due != 0 ? due : start, end);
            if (_grpcFrame is not null && response.StatusCode == System.Net.HttpStatusCode.OK)
            {
                if (Grpc.GrpcStatus.Read(response.TrailingHeaders, response.Headers) is { } status)
                {
                    Stats.RecordGrpcReply(status, latency);
                }
                else
                {
                    Stats.RecordError(ErrorKind.Parse);
                }
                return true;
            }
            Stats.RecordResponse((int)response.StatusCode, latency);
        }
        catch (OperationCanceledException) when (Control.Stopping)
        {
        }
        catch (OperationCanceledException)
        {
            Stats.RecordError(ErrorKind.Timeout);
        }
        catch (HttpRequestException e)
        {
            Stats.RecordError(Classify(e, phase));
            if (e.HttpRequestError is HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError)
            {
                await Task.Delay(10);
            }
        }
        catch (Exception e) when (e is IOException or SocketException)
        {
            Stats.RecordError(phase == ErrorKind.Connect ? ErrorKind.Write : ErrorKind.Read);
        }
        return true;
    }

    private static ErrorKind Classify(HttpRequestException e, ErrorKind phase) => e.HttpRequestError switch
    {
        HttpRequestError.NameResolutionError or HttpRequestError.ConnectionError or HttpRequestError.SecureConnectionError => ErrorKind.Connect,
        HttpRequestError.ResponseEnded => ErrorKind.Read,
        HttpRequestError.InvalidResponse or HttpRequestError.ConfigurationLimitExceeded => ErrorKind.Parse,
        _ => phase == ErrorKind.Read ? ErrorKind.Read : ErrorKind.Other,
    };
}
