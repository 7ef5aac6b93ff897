using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.IntegrationTests.Infrastructure;

public static class FreePort
{
    /// <summary>A loopback port free right now; the lab binds it a moment later, which is good enough on a test box.</summary>
    public static int Next()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
