using System.Net;
using System.Net.Sockets;

namespace PoolDoctor.Load;

/// <summary>
/// One connection before the run: a wrong port or a dead target fails fast with one clear message instead of a
/// run full of connect errors. Returns the address that answered, so every loop connects to the same one.
/// </summary>
internal static class TargetProbe
{
    private static readonly TimeSpan MaxProbeTime = TimeSpan.FromSeconds(10);

    // Even with a tiny request timeout, give a busy machine a fair chance to complete one loopback connect.
    private static readonly TimeSpan MinProbeTime = TimeSpan.FromSeconds(3);

    public static async Task<IPEndPoint> ConnectOnceAsync(Uri url, TimeSpan timeout, CancellationToken cancellation)
    {
        IPAddress[] addresses;
        try
        {
            addresses = IPAddress.TryParse(url.DnsSafeHost, out var literal) ? [literal] : await Dns.GetHostAddressesAsync(url.DnsSafeHost, cancellation);
        }
        catch (SocketException e)
        {
            throw new LoadFailedException($"cannot resolve '{url.DnsSafeHost}': {e.Message}", e);
        }
        if (addresses.Length == 0)
        {
            throw new LoadFailedException($"cannot resolve '{url.DnsSafeHost}': no address");
        }

        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
        var probeTime = timeout < MinProbeTime ? MinProbeTime : timeout > MaxProbeTime ? MaxProbeTime : timeout;
        limit.CancelAfter(probeTime);
        SocketException? last = null;
        foreach (var address in addresses)
        {
            var endpoint = new IPEndPoint(address, url.Port);
            using var socket = new Socket(endpoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
            try
            {
                await socket.ConnectAsync(endpoint, limit.Token);
                return endpoint;
            }
            catch (SocketException e)
            {
                last = e;
            }
            catch (OperationCanceledException) when (!cancellation.IsCancellationRequested)
            {
                throw new LoadFailedException($"cannot connect to {url.Authority}: no answer within {probeTime.TotalSeconds:0.#} s");
            }
        }
        throw new LoadFailedException($"cannot connect to {url.Authority}: {Describe(last!)}", last);
    }

    private static string Describe(SocketException e) => e.SocketErrorCode switch
    {
        SocketError.ConnectionRefused => "connection refused (is the server running on that port?)",
        SocketError.HostUnreachable or SocketError.NetworkUnreachable => "host unreachable",
        _ => e.Message,
    };
}
