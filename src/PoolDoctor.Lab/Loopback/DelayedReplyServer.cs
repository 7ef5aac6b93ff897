using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.Lab.Loopback;

/// <summary>
/// A slow dependency inside the lab process: a loopback server that answers each complete request with a fixed reply
/// after a fixed delay. It runs on one dedicated thread with <see cref="Socket.Select(System.Collections.IList?, System.Collections.IList?, System.Collections.IList?, int)"/>, never on the thread pool,
/// so that, like a real remote service, it keeps answering on time while the lab's pool starves.
/// </summary>
public sealed class DelayedReplyServer : IDisposable
{
    private readonly TimeSpan _delay;
    private readonly byte[] _reply;
    private readonly Func<RequestFraming> _newFraming;
    private readonly Socket _listener;
    private readonly Thread _thread;
    private readonly Dictionary<Socket, RequestFraming> _clients = [];
    private readonly PriorityQueue<Socket, long> _dueReplies = new();
    private readonly byte[] _readBuffer = new byte[4096];
    private volatile bool _stopping;

    public DelayedReplyServer(string name, TimeSpan delay, byte[] reply, Func<RequestFraming> newFraming)
    {
        _delay = delay;
        _reply = reply;
        _newFraming = newFraming;
        _listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        _listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        _listener.Listen(1024);
        EndPoint = (IPEndPoint)_listener.LocalEndPoint!;
        _thread = new Thread(Serve) { IsBackground = true, Name = name };
        _thread.Start();
    }

    public IPEndPoint EndPoint { get; }

    private void Serve()
    {
        var readable = new List<Socket>();
        while (!_stopping)
        {
            readable.Clear();
            readable.Add(_listener);
            readable.AddRange(_clients.Keys);
            Socket.Select(readable, null, null, MicrosecondsUntilNextReply());
            var now = Environment.TickCount64;
            foreach (var socket in readable)
            {
                if (socket == _listener)
                {
                    var client = _listener.Accept();
                    client.NoDelay = true;
                    _clients.Add(client, _newFraming());
                }
                else
                {
                    ReadRequests(socket, now);
                }
            }
            SendDueReplies();
        }
    }

    private int MicrosecondsUntilNextReply()
    {
        const int idleWaitMicroseconds = 50_000;
        if (!_dueReplies.TryPeek(out _, out var due))
        {
            return idleWaitMicroseconds;
        }
        var waitMs = Math.Clamp(due - Environment.TickCount64, 0, 50);
        return (int)waitMs * 1000;
    }

    private void ReadRequests(Socket socket, long now)
    {
        int read;
        try
        {
            read = socket.Receive(_readBuffer);
        }
        catch (SocketException)
        {
            read = 0;
        }
        if (read == 0)
        {
            _clients.Remove(socket);
            socket.Dispose();
            return;
        }
        var completed = _clients[socket].CountCompleted(_readBuffer.AsSpan(0, read));
        for (var i = 0; i < completed; i++)
        {
            _dueReplies.Enqueue(socket, now + (long)_delay.TotalMilliseconds);
        }
    }

    private void SendDueReplies()
    {
        var now = Environment.TickCount64;
        while (_dueReplies.TryPeek(out var socket, out var due) && due <= now)
        {
            _dueReplies.Dequeue();
            try
            {
                socket.Send(_reply);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                // The client went away while its request was pending: nothing to answer.
            }
        }
    }

    public void Dispose()
    {
        _stopping = true;
        _thread.Join(TimeSpan.FromSeconds(2));
        _listener.Dispose();
        foreach (var client in _clients.Keys)
        {
            client.Dispose();
        }
    }
}
