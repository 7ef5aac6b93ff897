using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// Loopback ports for the labs and servers the tests start. The kernel's own pick (port 0) comes from the ephemeral
/// range, which every outgoing connection draws from too: with a 125-connection load running, a port free when picked
/// was taken by a client socket before the lab bound it (CI: "address already in use" on the lab's gRPC port). So the
/// ports come from below that range, where only an explicit bind lands, each checked free, and never handed out twice.
/// </summary>
public static class FreePort
{
    private const int Lowest = 20000;
    private static readonly int Highest = EphemeralLow() - 1;
    private static int s_next = Lowest + Random.Shared.Next(Math.Max(1, Highest - Lowest));
    private static readonly Lock s_gate = new();

    public static int Next()
    {
        lock (s_gate)
        {
            for (var tries = 0; tries < Highest - Lowest; tries++)
            {
                var port = s_next;
                s_next = s_next >= Highest ? Lowest : s_next + 1;
                if (IsFree(port))
                {
                    return port;
                }
            }
        }
        throw new InvalidOperationException($"no free loopback port between {Lowest} and {Highest}");
    }

    private static bool IsFree(int port)
    {
        try
        {
            using var listener = new TcpListener(IPAddress.Loopback, port);
            listener.Start();
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    /// <summary>The first port of the kernel's ephemeral range (32768 when it cannot be read).</summary>
    private static int EphemeralLow()
    {
        try
        {
            var range = File.ReadAllText("/proc/sys/net/ipv4/ip_local_port_range").Split((char[])['\t', ' ', '\n'], StringSplitOptions.RemoveEmptyEntries);
            return int.TryParse(range[0], out var low) && low > Lowest + 1000 ? low : 32768;
        }
        catch (IOException)
        {
            return 32768;
        }
    }
}
