using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.Load.Engine.Epoll;

/// <summary>Where every connection of a run goes and what it sends, in the form the syscalls take.</summary>
internal sealed class EpollTarget
{
    public EpollTarget(IPEndPoint endpoint, byte[] request, bool headRequest)
    {
        Family = endpoint.AddressFamily == AddressFamily.InterNetworkV6 ? Libc.AfInet6 : Libc.AfInet;
        // On Linux, SocketAddress holds the native sockaddr bytes, which connect(2) takes as they are.
        var address = endpoint.Serialize();
        Address = address.Buffer.Span[..address.Size].ToArray();
        Request = request;
        HeadRequest = headRequest;
    }

    public int Family { get; }

    public byte[] Address { get; }

    public byte[] Request { get; }

    public bool HeadRequest { get; }
}
