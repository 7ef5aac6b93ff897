using System.Diagnostics;
using PoolDoctor.Load.Http;
using PoolDoctor.Load.Stats;

namespace PoolDoctor.Load.Engine.Epoll;

/// <summary>
/// One event-loop thread over its share of the connections (wrk's model): one epoll set, level-triggered reads,
/// non-blocking sockets, pre-encoded request bytes, responses parsed in place. Per request one send and one recv
/// (a recv that fills the buffer is followed by another); no allocation, lock, task or timer per request. Timeouts,
/// pauses (rate schedule, think time) and stop checks run in the loop itself, so no other thread ever closes a socket.
/// </summary>
internal sealed unsafe class EpollLoop
{
    private const int MaxEvents = 256;
    private static readonly long CheckTicks = Stopwatch.Frequency / 100;
    private static readonly long ConnectRetryTicks = Stopwatch.Frequency / 100;

    private readonly RunControl _control;
    private readonly IReadOnlyList<EpollConnection> _connections;
    private readonly EpollTarget _target;
    private readonly ThinkTime? _thinkTime;
    private readonly LoadSeries _series;
    private readonly PriorityQueue<EpollConnection, long> _timers = new();
    private readonly Random _random = new();
    private LoadSeries.Slot _slot = null!;
    private int _epoll = -1;
    private int _open;

    public EpollLoop(RunControl control, IReadOnlyList<EpollConnection> connections, EpollTarget target, ThinkTime? thinkTime, LoadSeries series)
    {
        _control = control;
        _connections = connections;
        _target = target;
        _thinkTime = thinkTime;
        _series = series;
    }

    public void Run()
    {
        _slot = _series.ForThisThread();
        _epoll = Libc.EpollCreate(Libc.EpollCloexec);
        if (_epoll < 0)
        {
            throw new LoadFailedException($"epoll_create1 failed (errno {Libc.Errno})");
        }
        try
        {
            Loop();
        }
        finally
        {
            var now = Stopwatch.GetTimestamp();
            foreach (var c in _connections)
            {
                CloseSocket(c);
                if (c.State != EpollState.Done)
                {
                    c.State = EpollState.Done;
                    c.FinishedAt = now;
                }
            }
            Libc.Close(_epoll);
        }
    }

    private void Loop()
    {
        var events = stackalloc Libc.EpollEvent[MaxEvents];
        var now = Stopwatch.GetTimestamp();
        _open = _connections.Count;
        foreach (var c in _connections)
        {
            Next(c, now, fromFailure: false);
        }
        var nextCheck = now + CheckTicks;
        while (_open > 0 && !_control.Stopping)
        {
            now = Stopwatch.GetTimestamp();
            RunTimers(now);
            if (now >= nextCheck)
            {
                CheckDeadlines(now);
                nextCheck = now + CheckTicks;
            }
            if (_open == 0)
            {
                break;
            }
            var count = Libc.EpollWait(_epoll, events, MaxEvents, WaitMilliseconds(now, nextCheck));
            if (count < 0)
            {
                var errno = Libc.Errno;
                if (errno == Libc.EIntr)
                {
                    continue;
                }
                throw new LoadFailedException($"epoll_wait failed (errno {errno})");
            }
            for (var i = 0; i < count; i++)
            {
                OnEvent(_connections[(int)events[i].Data], events[i].Events);
            }
        }
    }

    private int WaitMilliseconds(long now, long nextCheck)
    {
        var wake = nextCheck;
        if (_timers.TryPeek(out _, out var due) && due < wake)
        {
            wake = due;
        }
        var ticks = wake - now;
        return ticks <= 0 ? 0 : (int)Math.Min(10, ((ticks * 1000) + Stopwatch.Frequency - 1) / Stopwatch.Frequency);
    }

    private void RunTimers(long now)
    {
        while (_timers.TryPeek(out var c, out var due) && due <= now)
        {
            _timers.Dequeue();
            if (c.State == EpollState.Waiting)
            {
                Send(c);
            }
        }
    }

    private void CheckDeadlines(long now)
    {
        foreach (var c in _connections)
        {
            if (c.Deadline != 0 && now >= c.Deadline && c.State is EpollState.Connecting or EpollState.Writing or EpollState.Reading)
            {
                Fail(c, ErrorKind.Timeout);
            }
        }
    }

    /// <summary>Sets the connection up for its next request: at once, or at its turn; finishes it when it has no more.</summary>
    private void Next(EpollConnection c, long now, bool fromFailure, long pause = 0)
    {
        c.State = EpollState.Waiting;
        c.Deadline = 0;
        if (_control.SendingClosed || c.Sent >= c.Quota)
        {
            Finish(c, now);
            return;
        }
        var when = now + pause;
        if (c.Schedule is { } schedule)
        {
            c.Due = schedule.Next();
            when = Math.Max(when, c.Due);
        }
        else if (_thinkTime is { } think)
        {
            when = Math.Max(when, now + think.NextPauseTicks(_random));
        }
        // A failure path never sends inline, so a server that fails every request cannot recurse the loop.
        if (when > now || fromFailure)
        {
            _timers.Enqueue(c, when);
        }
        else
        {
            Send(c);
        }
    }

    private void Send(EpollConnection c)
    {
        if (_control.SendingClosed)
        {
            Finish(c, Stopwatch.GetTimestamp());
            return;
        }
        c.Sent++;
        c.Start = Stopwatch.GetTimestamp();
        if (c.Schedule is not null && c.Start - c.Due > SendSchedule.LateThresholdTicks)
        {
            c.Stats.LateSends++;
        }
        c.Deadline = c.Start + _control.TimeoutTicks;
        c.Written = 0;
        if (c.Fd >= 0)
        {
            c.State = EpollState.Writing;
            Write(c);
            return;
        }
        Open(c);
    }

    private void Open(EpollConnection c)
    {
        var fd = Libc.Socket(_target.Family, Libc.SockStream | Libc.SockNonBlock | Libc.SockCloexec, 0);
        if (fd < 0)
        {
            Fail(c, ErrorKind.Connect);
            return;
        }
        c.Fd = fd;
        var one = 1;
        Libc.SetSockOpt(fd, Libc.IpProtoTcp, Libc.TcpNoDelay, &one, sizeof(int));
        int result;
        fixed (byte* address = _target.Address)
        {
            result = Libc.Connect(fd, address, _target.Address.Length);
        }
        if (result == 0)
        {
            Register(c, Libc.EpollCtlAdd, Libc.EpollIn);
            c.State = EpollState.Writing;
            Write(c);
        }
        else if (Libc.Errno == Libc.EInProgress)
        {
            c.WantsWrite = true;
            Register(c, Libc.EpollCtlAdd, Libc.EpollOut);
            c.State = EpollState.Connecting;
        }
        else
        {
            Fail(c, ErrorKind.Connect);
        }
    }

    private void OnEvent(EpollConnection c, uint events)
    {
        switch (c.State)
        {
            case EpollState.Connecting:
                int error = 0, length = sizeof(int);
                if (Libc.GetSockOpt(c.Fd, Libc.SolSocket, Libc.SoError, &error, &length) != 0 || error != 0)
                {
                    Fail(c, ErrorKind.Connect);
                    return;
                }
                c.WantsWrite = false;
                Register(c, Libc.EpollCtlMod, Libc.EpollIn);
                c.State = EpollState.Writing;
                Write(c);
                return;
            case EpollState.Writing:
                Write(c);
                return;
            case EpollState.Reading:
                Read(c);
                return;
            default:
                // An idle keep-alive connection that became readable: the server closed it (or sent bytes nobody
                // asked for). Either way it cannot carry the next request; level-triggered, it must go now.
                CloseSocket(c);
                return;
        }
    }

    private void Write(EpollConnection c)
    {
        var request = _target.Request;
        fixed (byte* bytes = request)
        {
            while (c.Written < request.Length)
            {
                var sent = Libc.Send(c.Fd, bytes + c.Written, request.Length - c.Written, Libc.MsgNoSignal);
                if (sent < 0)
                {
                    if (Libc.Errno == Libc.EAgain && !c.WantsWrite)
                    {
                        c.WantsWrite = true;
                        Register(c, Libc.EpollCtlMod, Libc.EpollIn | Libc.EpollOut);
                    }
                    else if (Libc.Errno != Libc.EAgain)
                    {
                        Fail(c, ErrorKind.Write);
                    }
                    return;
                }
                c.Written += (int)sent;
            }
        }
        if (c.WantsWrite)
        {
            c.WantsWrite = false;
            Register(c, Libc.EpollCtlMod, Libc.EpollIn);
        }
        c.Stats.BytesWritten += request.Length;
        c.Parser.Reset(_target.HeadRequest);
        c.Begin = c.End = 0;
        c.State = EpollState.Reading;
    }

    private void Read(EpollConnection c)
    {
        var buffer = c.Buffer;
        while (true)
        {
            if (c.End == buffer.Length)
            {
                buffer.AsSpan(c.Begin, c.End - c.Begin).CopyTo(buffer);
                c.End -= c.Begin;
                c.Begin = 0;
            }
            var space = buffer.Length - c.End;
            nint read;
            fixed (byte* bytes = buffer)
            {
                read = Libc.Recv(c.Fd, bytes + c.End, space, 0);
            }
            if (read < 0)
            {
                if (Libc.Errno != Libc.EAgain)
                {
                    Fail(c, ErrorKind.Read);
                }
                return;
            }
            ParseStatus status;
            if (read == 0)
            {
                if (c.Parser.IsAtStart)
                {
                    // The server closed the connection before answering (a keep-alive connection it had dropped).
                    Fail(c, ErrorKind.Read);
                    return;
                }
                status = c.Parser.Finish();
                CloseSocket(c);
                Complete(c, status);
                return;
            }
            c.Stats.BytesRead += read;
            c.End += (int)read;
            status = c.Parser.Parse(buffer.AsSpan(c.Begin, c.End - c.Begin), out var consumed);
            c.Begin += consumed;
            if (status != ParseStatus.NeedMore)
            {
                // Bytes beyond the response (nothing was pipelined) mean the framing is off: start afresh.
                if (status == ParseStatus.Complete && c.Begin != c.End)
                {
                    CloseSocket(c);
                }
                Complete(c, status);
                return;
            }
            if (c.Begin == c.End)
            {
                c.Begin = c.End = 0;
            }
            if (read < space)
            {
                // The socket is drained (a short read); level-triggered epoll says when more arrives.
                return;
            }
        }
    }

    private void Complete(EpollConnection c, ParseStatus status)
    {
        if (status == ParseStatus.Invalid)
        {
            Fail(c, ErrorKind.Parse);
            return;
        }
        var now = Stopwatch.GetTimestamp();
        if (!_control.Stopping)
        {
            var latency = RunControl.MicrosecondsBetween(c.Due != 0 ? c.Due : c.Start, now);
            c.Stats.RecordResponse(c.Parser.StatusCode, latency);
            _slot.Record(now, latency);
        }
        if (!c.Parser.KeepAlive)
        {
            CloseSocket(c);
        }
        Next(c, now, fromFailure: false);
    }

    private void Fail(EpollConnection c, ErrorKind kind)
    {
        var now = Stopwatch.GetTimestamp();
        c.Stats.RecordError(kind);
        _slot.RecordError(now);
        CloseSocket(c);
        // A refused connection fails at once; pausing keeps a dead target from turning this into a busy loop.
        Next(c, now, fromFailure: true, kind == ErrorKind.Connect ? ConnectRetryTicks : 0);
    }

    private void Finish(EpollConnection c, long now)
    {
        CloseSocket(c);
        c.State = EpollState.Done;
        c.FinishedAt = now;
        _open--;
    }

    private void Register(EpollConnection c, int operation, uint events)
    {
        var registration = new Libc.EpollEvent { Events = events, Data = (ulong)c.Index };
        if (Libc.EpollCtl(_epoll, operation, c.Fd, &registration) != 0)
        {
            throw new LoadFailedException($"epoll_ctl failed (errno {Libc.Errno})");
        }
    }

    private static void CloseSocket(EpollConnection c)
    {
        if (c.Fd >= 0)
        {
            // Closing the last descriptor also removes it from the epoll set.
            Libc.Close(c.Fd);
            c.Fd = -1;
            c.WantsWrite = false;
        }
    }
}
