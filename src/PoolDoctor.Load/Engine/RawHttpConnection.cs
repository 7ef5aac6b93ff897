using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using PoolDoctor.Load.Http;

namespace PoolDoctor.Load.Engine;

/// <summary>
/// The fast path for http://: pre-encoded request bytes over one keep-alive socket, the response read into a
/// reused buffer and parsed in place. No allocation, lock or timer per request: timeouts come from the monitor
/// thread, which disposes the socket of a request that is overdue. The whole request cycle lives in one async
/// method on purpose: every nested async call would add a state-machine hop per request (measured with perf).
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

    protected override async Task<bool> SendOneAsync(long due)
    {
        var socket = _socket;
        if (socket is null)
        {
            socket = new Socket(_endpoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            // A full fence: either Abort (which sets Stopping first) sees this socket, or this loop sees Stopping.
            Interlocked.Exchange(ref _socket, socket);
            if (Control.Stopping)
            {
                return false;
            }
        }

        var phase = ErrorKind.Connect;
        var start = Stopwatch.GetTimestamp();
        Volatile.Write(ref _deadline, start + Control.TimeoutTicks);
        try
        {
            if (!socket.Connected)
            {
                await socket.ConnectAsync(_endpoint);
            }
            phase = ErrorKind.Write;
            for (var written = 0; written < _request.Length;)
            {
                written += await socket.SendAsync(_request[written..], SocketFlags.None);
            }
            Stats.BytesWritten += _request.Length;

            phase = ErrorKind.Read;
            _parser.Reset(_headRequest);
            int begin = 0, end = 0;
            ParseStatus status;
            while (true)
            {
                if (end == _buffer.Length)
                {
                    // Only a partial line is left unconsumed (the parser takes body bytes as they come): move it to the front.
                    _buffer.AsSpan(begin, end - begin).CopyTo(_buffer);
                    end -= begin;
                    begin = 0;
                }
                var read = await socket.ReceiveAsync(_buffer.AsMemory(end), SocketFlags.None);
                if (read == 0)
                {
                    if (_parser.IsAtStart)
                    {
                        throw new IOException("the server closed the connection before answering");
                    }
                    status = _parser.Finish();
                    Close();
                    break;
                }
                Stats.BytesRead += read;
                end += read;
                status = _parser.Parse(_buffer.AsSpan(begin, end - begin), out var consumed);
                begin += consumed;
                if (status != ParseStatus.NeedMore)
                {
                    // Bytes beyond the response (nothing was pipelined) mean the framing is off: start afresh.
                    if (status == ParseStatus.Complete && begin != end)
                    {
                        Close();
                    }
                    break;
                }
                if (begin == end)
                {
                    begin = end = 0;
                }
            }

            var finished = Stopwatch.GetTimestamp();
            if (!Disarm())
            {
                Fail(ErrorKind.Timeout);
            }
            else if (status == ParseStatus.Invalid)
            {
                Fail(ErrorKind.Parse);
            }
            else if (!Control.Stopping)
            {
                Stats.RecordResponse(_parser.StatusCode, RunControl.MicrosecondsBetween(due != 0 ? due : start, finished));
                if (!_parser.KeepAlive)
                {
                    Close();
                }
            }
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException or IOException or InvalidOperationException)
        {
            var timedOut = !Disarm();
            if (Control.Stopping && !timedOut)
            {
                return false;
            }
            Fail(timedOut ? ErrorKind.Timeout : phase);
            if (phase == ErrorKind.Connect && !timedOut)
            {
                // A refused connection fails at once; pausing keeps a dead target from turning this into a busy loop.
                await Task.Delay(10);
            }
        }
        return true;
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
