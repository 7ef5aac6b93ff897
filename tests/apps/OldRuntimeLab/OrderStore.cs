using System.Net;
using System.Net.Sockets;

namespace OldRuntimeLab;

/// <summary>A repository over a wire protocol: one query is a connect, a request byte and a one-byte answer.</summary>
internal sealed class OrderStore(int port)
{
    public string CountSync()
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        socket.Connect(IPAddress.Loopback, port);
        using var stream = new NetworkStream(socket);
        stream.WriteByte(1);
        // The blocking read: the pool thread sits in the kernel until the server answers.
        var answer = stream.ReadByte();
        return $"orders {answer}";
    }

    public async Task<string> CountAsync()
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(IPAddress.Loopback, port);
        await using var stream = new NetworkStream(socket);
        await stream.WriteAsync(new byte[] { 1 });
        var buffer = new byte[1];
        var read = await stream.ReadAsync(buffer);
        return $"orders {(read == 1 ? buffer[0] : -1)}";
    }
}
