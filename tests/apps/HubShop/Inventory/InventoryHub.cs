using Microsoft.AspNetCore.SignalR;

namespace HubShop.Inventory;

public class InventoryHub(StockRepository stock) : Hub
{
    public int GetStock(string sku)
    {
        var count = stock.CountAsync(sku).Result;
        return count;
    }

    public async Task<int> GetReserved(string sku)
    {
        var count = await stock.CountAsync(sku);
        return count / 2;
    }
}
