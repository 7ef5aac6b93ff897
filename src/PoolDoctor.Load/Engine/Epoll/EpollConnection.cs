using PoolDoctor.Load.Http;

namespace PoolDoctor.Load.Engine.Epoll;

/// <summary>One connection of the epoll engine: its socket, the request in flight and its share of the run. Only its loop touches it.</summary>
internal sealed class EpollConnection
{
    public EpollConnection(int index, long quota, SendSchedule? schedule)
    {
        Index = index;
        Quota = quota;
        Schedule = schedule;
    }

    public int Index { get; }

    public long Quota { get; }

    public SendSchedule? Schedule { get; }

    public ConnectionStats Stats { get; } = new();

    public HttpResponseParser Parser { get; } = new();

    // Holds at most one partial line besides the bytes just read (the parser consumes body bytes as they come).
    public byte[] Buffer { get; } = new byte[16 * 1024];

    public int Fd { get; set; } = -1;

    public EpollState State { get; set; }

    /// <summary>Whether EPOLLOUT is in the socket's registration (a connect or a send that did not fit).</summary>
    public bool WantsWrite { get; set; }

    public long Sent { get; set; }

    public int Written { get; set; }

    public int Begin { get; set; }

    public int End { get; set; }

    /// <summary>When the request in flight was sent (Stopwatch ticks).</summary>
    public long Start { get; set; }

    /// <summary>Rate mode: when it was due (latency counts from here); 0 unpaced.</summary>
    public long Due { get; set; }

    /// <summary>When the request in flight times out; 0 when none is in flight.</summary>
    public long Deadline { get; set; }

    public long FinishedAt { get; set; }
}

internal enum EpollState
{
    /// <summary>Between requests: waiting for its turn (rate, think time, a pause after a refused connect).</summary>
    Waiting,
    Connecting,
    Writing,
    Reading,
    Done,
}
