using System.Diagnostics;
using System.Net.Http;
using System.Net.Sockets;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// The general path (https:// and anything the raw path does not cover): SocketsHttpHandler through a shared
/// HttpMessageInvoker, one loop per connection, the body drained into a reused buffer so latency is time to last byte.
/// </summary>
internal sealed class HttpClientConnection : LoadConnection
{
    private readonly HttpMessageInvoker _invoker;
    private readonly LoadOptions _options;
    private readonly HttpMethod _method;
    private readonly byte[] _buffer = new byte[16 * 1024];

    public HttpClientConnection(RunControl control, long quota, SendSchedule? schedule, HttpMessageInvoker invoker, LoadOptions options)
        : base(control, quota, schedule)
    {
        _invoker = invoker;
        _options = options;
        _method = new HttpMethod(options.Method);
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
        },
        disposeHandler: true);

    protected override async Task RunLoopAsync()
    {
        for (long sent = 0; MayStart(sent); sent++)
        {
            var due = IsPaced ? await WaitForTurnAsync() : 0;
            if (due < 0)
            {
                break;
            }
            await SendOneAsync(due);
        }
    }

    private async Task SendOneAsync(long due)
    {
        var phase = ErrorKind.Connect;
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(Control.StopToken);
        timeout.CancelAfter(_options.Timeout);
        var start = Stopwatch.GetTimestamp();
        try
        {
            using var request = new HttpRequestMessage(_method, _options.Url) { Version = System.Net.HttpVersion.Version11 };
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
                return;
            }
            Stats.BytesRead += bytes;
            Stats.RecordResponse((int)response.StatusCode, RunControl.MicrosecondsBetween(due != 0 ? due : start, end));
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
    }

    private static ErrorKind Classify(HttpRequestException e, ErrorKind phase) => e.HttpRequestError switch
    {
        HttpRequestError.NameResolutionError or HttpRequestError.ConnectionError or HttpRequestError.SecureConnectionError => ErrorKind.Connect,
        HttpRequestError.ResponseEnded => ErrorKind.Read,
        HttpRequestError.InvalidResponse or HttpRequestError.ConfigurationLimitExceeded => ErrorKind.Parse,
        _ => phase == ErrorKind.Read ? ErrorKind.Read : ErrorKind.Other,
    };
}
