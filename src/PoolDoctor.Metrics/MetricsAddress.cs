using System.Globalization;
using System.Net;

namespace PoolDoctor.Metrics;

/// <summary>
/// `--metrics [HOST:]PORT`: where the Prometheus endpoint listens. A bare port means 127.0.0.1: the target's figures
/// leave the machine only when the user names a wider address (0.0.0.0, *, or an interface's address).
/// </summary>
public sealed record MetricsAddress(string Host, int Port)
{
    /// <summary>The host as HttpListener's prefix needs it: any address is "+".</summary>
    public string ListenerHost => Host is "0.0.0.0" or "*" or "+" or "::" or "[::]" ? "+" : Host;

    public bool IsLoopback => Host is "localhost" || (IPAddress.TryParse(Host.Trim('[', ']'), out var ip) && IPAddress.IsLoopback(ip));

    public override string ToString() => $"{Host}:{Port.ToString(CultureInfo.InvariantCulture)}";

    public static bool TryParse(string text, out MetricsAddress address)
    {
        address = new MetricsAddress("127.0.0.1", 0);
        var t = text.Trim();
        var colon = t.LastIndexOf(':');
        var host = colon < 0 ? "127.0.0.1" : t[..colon];
        var portText = colon < 0 ? t : t[(colon + 1)..];
        if (!int.TryParse(portText, NumberStyles.None, CultureInfo.InvariantCulture, out var port) || port is < 1 or > 65535 || host.Length == 0 || host.Contains('/'))
        {
            return false;
        }
        address = new MetricsAddress(host, port);
        return true;
    }
}
