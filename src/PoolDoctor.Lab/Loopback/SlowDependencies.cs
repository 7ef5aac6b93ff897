using System.Net;
using System.Text;
using PoolDoctor.Lab.Database;

namespace PoolDoctor.Lab.Loopback;

/// <summary>
/// The remote services the lab's shop depends on, each answering after the lab's query delay from its own dedicated
/// thread: a pricing API over HTTP/1.1 and an inventory feed that speaks one line per request.
/// </summary>
public sealed class SlowDependencies : IDisposable
{
    private static readonly byte[] PriceReply =
        Encoding.ASCII.GetBytes("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n42.00");

    private static readonly byte[] StockReply = Encoding.ASCII.GetBytes("17\n");

    private readonly DelayedReplyServer _pricing;
    private readonly DelayedReplyServer _inventory;

    public SlowDependencies()
    {
        var delay = LabDatabaseDefaults.QueryDelay;
        _pricing = new DelayedReplyServer("SlowPricingApi", delay, PriceReply, () => new TerminatorFraming("\r\n\r\n"u8.ToArray()));
        _inventory = new DelayedReplyServer("SlowInventoryFeed", delay, StockReply, () => new TerminatorFraming("\n"u8.ToArray()));
    }

    public Uri PricingApi => new($"http://{_pricing.EndPoint}/");

    public IPEndPoint InventoryFeed => _inventory.EndPoint;

    public void Dispose()
    {
        _pricing.Dispose();
        _inventory.Dispose();
    }
}
