namespace HubShop.Inventory;

public class StockRepository
{
    public async Task<int> CountAsync(string sku)
    {
        await Task.Delay(50); // the warehouse database's round trip
        return sku.Length * 7;
    }
}
