using System.Net;
using System.Net.Sockets;
using System.Text;

namespace PoolDoctor.Lab.Services;

/// <summary>Asks the inventory feed for a stock level: one line out, one line back, over a plain TCP stream.</summary>
public sealed class InventoryFeed(IPEndPoint feed)
{
    public int ReadStock(string sku)
    {
        using var client = new TcpClient(AddressFamily.InterNetwork) { NoDelay = true };
        client.Connect(feed);
        using var stream = client.GetStream();
        stream.Write(Encoding.ASCII.GetBytes($"STOCK {sku}\n"));
        using var reader = new StreamReader(stream, Encoding.ASCII);
        return int.Parse(reader.ReadLine() ?? throw new IOException("the inventory feed closed the connection"), System.Globalization.CultureInfo.InvariantCulture);
    }

    public async Task<int> ReadStockAsync(string sku, CancellationToken cancellationToken)
    {
        using var client = new TcpClient(AddressFamily.InterNetwork) { NoDelay = true };
        await client.ConnectAsync(feed, cancellationToken);
        await using var stream = client.GetStream();
        await stream.WriteAsync(Encoding.ASCII.GetBytes($"STOCK {sku}\n"), cancellationToken);
        using var reader = new StreamReader(stream, Encoding.ASCII);
        var line = await reader.ReadLineAsync(cancellationToken) ?? throw new IOException("the inventory feed closed the connection");
        return int.Parse(line, System.Globalization.CultureInfo.InvariantCulture);
    }
}
