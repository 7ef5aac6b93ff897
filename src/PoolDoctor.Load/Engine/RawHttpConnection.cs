using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using PoolDoctor.Load.Http;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// The fast path for http://: pre-encoded request bytes over one keep-alive socket, the response read into a
/// reused buffer and parsed in place. No allocation, lock or timer per request: timeouts come from the monitor
/// thread, which disposes the socket of a request that is overdue.
/// </summary>
internal sealed class RawHttpConnection : LoadConnection
{
    private const long Idle = 0;
    private const long TimedOut = -1;

    private readonly EndPoint _endpoint;
    private readonly ReadOnlyMemory<byte> _request;
    private readonly bool _headRequest;
    private readonly byte[] _buffer = new byte[16 * 1024];
    private readonly HttpResponseParser _parser = new();
    private Socket? _socket;
    private long _deadline;

    public RawHttpConnection(RunControl control, long quota, SendSchedule? schedule, EndPoint endpoint, byte[] request, bool headRequest)
        : base(control, quota, schedule)
    {
        _endpoint = endpoint;
        _request = request;
        _headRequest = headRequest;
    }

    // Pooled builders: a request that has to wait for the network would otherwise allocate its state machine each time.
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    protected override async ValueTask SendOneAsync(long due)
    {
        var phase = ErrorKind.Connect;
        var socket = _socket;
        if (socket is null)
        {
            socket = new Socket(_endpoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            // A full fence: either Abort (which sets Stopping first) sees this socket, or this loop sees Stopping.
            Interlocked.Exchange(ref _socket, socket);
            if (Control.Stopping)
            {
                Close();
                return;
            }
        }
        var start = Stopwatch.GetTimestamp();
        Volatile.Write(ref _deadline, start + Control.TimeoutTicks);
        try
        {
            if (!socket.Connected)
            {
                await socket.ConnectAsync(_endpoint);
            }
            phase = ErrorKind.Write;
            for (var sent = 0; sent < _request.Length;)
            {
                sent += await socket.SendAsync(_request[sent..], SocketFlags.None);
            }
            Stats.BytesWritten += _request.Length;
            phase = ErrorKind.Read;
            var outcome = await ReadResponseAsync(socket);
            var end = Stopwatch.GetTimestamp();
            if (!Disarm())
            {
                Fail(ErrorKind.Timeout);
                return;
            }
            if (outcome == ParseStatus.Invalid)
            {
                Fail(ErrorKind.Parse);
                return;
            }
            if (Control.Stopping)
            {
                return;
            }
            Stats.RecordResponse(_parser.StatusCode, RunControl.MicrosecondsBetween(due != 0 ? due : start, end));
            if (!_parser.KeepAlive)
            {
                Close();
            }
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException or IOException or InvalidOperationException)
        {
            var timedOut = !Disarm();
            if (Control.Stopping && !timedOut)
            {
                Close();
                return;
            }
            Fail(timedOut ? ErrorKind.Timeout : phase);
            if (phase == ErrorKind.Connect && !timedOut)
            {
                // A refused connection fails at once; pausing keeps a dead target from turning this into a busy loop.
                await Task.Delay(10);
            }
        }
    }

    /// <summary>Reads until one whole response is parsed; leftover bytes (nothing was pipelined) drop the connection.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<ParseStatus> ReadResponseAsync(Socket socket)
    {
        _parser.Reset(_headRequest);
        int start = 0, end = 0;
        while (true)
        {
            if (end == _buffer.Length)
            {
                // Only a partial line is left unconsumed (the parser takes body bytes as they come): move it to the front.
                _buffer.AsSpan(start, end - start).CopyTo(_buffer);
                end -= start;
                start = 0;
            }
            var read = await socket.ReceiveAsync(_buffer.AsMemory(end), SocketFlags.None);
            if (read == 0)
            {
                if (_parser.IsAtStart)
                {
                    _parser.Finish();
                    throw new IOException("the server closed the connection before answering");
                }
                var final = _parser.Finish();
                Close();
                return final;
            }
            Stats.BytesRead += read;
            end += read;
            var status = _parser.Parse(_buffer.AsSpan(start, end - start), out var consumed);
            start += consumed;
            if (status == ParseStatus.NeedMore)
            {
                if (start == end)
                {
                    start = end = 0;
                }
                continue;
            }
            if (status == ParseStatus.Complete && start != end)
            {
                Close();
            }
            return status;
        }
    }

    private bool Disarm() => Interlocked.Exchange(ref _deadline, Idle) != TimedOut;

    private void Fail(ErrorKind kind)
    {
        Stats.RecordError(kind);
        Close();
    }

    public override void CheckTimeout(long now)
    {
        var deadline = Volatile.Read(ref _deadline);
        if (deadline > 0 && now >= deadline && Interlocked.CompareExchange(ref _deadline, TimedOut, deadline) == deadline)
        {
            Volatile.Read(ref _socket)?.Dispose();
        }
    }

    public override void Abort() => Volatile.Read(ref _socket)?.Dispose();

    protected override void Close()
    {
        var socket = Interlocked.Exchange(ref _socket, null);
        socket?.Dispose();
    }
}
