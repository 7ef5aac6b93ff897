using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.Lab.SimulatedDriver;

/// <summary>Keeps connections to the simulated server open between queries, as a real driver's pool does.</summary>
internal sealed class SimulatedDbConnectionPool(IPEndPoint server) : IDisposable
{
    private readonly ConcurrentBag<Socket> _idle = [];

    public Socket Rent()
    {
        if (_idle.TryTake(out var socket))
        {
            return socket;
        }
        socket = NewSocket();
        socket.Connect(server);
        return socket;
    }

    public async ValueTask<Socket> RentAsync(CancellationToken cancellationToken)
    {
        if (_idle.TryTake(out var socket))
        {
            return socket;
        }
        socket = NewSocket();
        await socket.ConnectAsync(server, cancellationToken);
        return socket;
    }

    public void Return(Socket socket) => _idle.Add(socket);

    private static Socket NewSocket() =>
        new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };

    public void Dispose()
    {
        while (_idle.TryTake(out var socket))
        {
            socket.Dispose();
        }
    }
}
