using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.Lab.SimulatedDriver;

/// <summary>
/// A tiny "database server" inside the lab process: it answers each one-byte query on a loopback socket after
/// a fixed delay. It runs on one dedicated thread with <see cref="Socket.Select"/>, never on the thread pool,
/// so that, like a real database, it keeps answering on time while the lab's pool starves.
/// </summary>
public sealed class SimulatedDbServer : IDisposable
{
    internal const byte QueryByte = (byte)'Q';
    internal const byte ReplyByte = (byte)'R';

    private readonly TimeSpan _delay;
    private readonly Socket _listener;
    private readonly Thread _thread;
    private readonly List<Socket> _clients = [];
    private readonly PriorityQueue<Socket, long> _dueReplies = new();
    private readonly byte[] _readBuffer = new byte[256];
    private volatile bool _stopping;

    public SimulatedDbServer(TimeSpan delay)
    {
        _delay = delay;
        _listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        _listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        _listener.Listen(1024);
        EndPoint = (IPEndPoint)_listener.LocalEndPoint!;
        _thread = new Thread(Serve) { IsBackground = true, Name = "SimulatedDbServer" };
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
            readable.AddRange(_clients);
            Socket.Select(readable, null, null, MicrosecondsUntilNextReply());
            var now = Environment.TickCount64;
            foreach (var socket in readable)
            {
                if (socket == _listener)
                {
                    var client = _listener.Accept();
                    client.NoDelay = true;
                    _clients.Add(client);
                }
                else
                {
                    ReadQueries(socket, now);
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

    private void ReadQueries(Socket socket, long now)
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
        for (var i = 0; i < read; i++)
        {
            if (_readBuffer[i] == QueryByte)
            {
                _dueReplies.Enqueue(socket, now + (long)_delay.TotalMilliseconds);
            }
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
                socket.Send([ReplyByte]);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                // The client went away while its query was pending: nothing to answer.
            }
        }
    }

    public void Dispose()
    {
        _stopping = true;
        _thread.Join(TimeSpan.FromSeconds(2));
        _listener.Dispose();
        foreach (var client in _clients)
        {
            client.Dispose();
        }
    }
}
