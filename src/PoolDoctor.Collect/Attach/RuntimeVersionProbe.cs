using System.Buffers.Binary;
using System.Net.Sockets;
using System.Text;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// Asks a runtime for its version over its diagnostics socket (ProcessInfo2, .NET 6+). NETCore.Client keeps
/// GetProcessInfo internal, so the tool sends the 20-byte request itself. Best effort: any failure means "unknown".
/// </summary>
internal static class RuntimeVersionProbe
{
    private const byte ProcessCommandSet = 0x04;
    private const byte ProcessInfo2 = 0x04;
    private const byte ServerCommandSet = 0xFF;
    private const byte Ok = 0x00;
    private const int HeaderSize = 20;
    private static readonly byte[] Magic = Encoding.ASCII.GetBytes("DOTNET_IPC_V1\0");

    public static Version? Ask(string socketPath, TimeSpan timeout)
    {
        try
        {
            using var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified)
            {
                ReceiveTimeout = (int)timeout.TotalMilliseconds,
                SendTimeout = (int)timeout.TotalMilliseconds,
            };
            socket.Connect(new UnixDomainSocketEndPoint(socketPath));
            socket.Send(Request());
            var header = ReadExactly(socket, HeaderSize);
            if (header is null || !header.AsSpan(0, Magic.Length).SequenceEqual(Magic) || header[16] != ServerCommandSet || header[17] != Ok)
            {
                return null;
            }
            var size = BinaryPrimitives.ReadUInt16LittleEndian(header.AsSpan(14));
            return size > HeaderSize && ReadExactly(socket, size - HeaderSize) is { } payload
                ? ProcessInfoReply.RuntimeVersion(payload)
                : null;
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            return null;
        }
    }

    internal static byte[] Request()
    {
        var request = new byte[HeaderSize];
        Magic.CopyTo(request, 0);
        BinaryPrimitives.WriteUInt16LittleEndian(request.AsSpan(14), HeaderSize);
        request[16] = ProcessCommandSet;
        request[17] = ProcessInfo2;
        return request;
    }

    private static byte[]? ReadExactly(Socket socket, int count)
    {
        var buffer = new byte[count];
        var read = 0;
        while (read < count)
        {
            var n = socket.Receive(buffer, read, count - read, SocketFlags.None);
            if (n == 0)
            {
                return null;
            }
            read += n;
        }
        return buffer;
    }
}
