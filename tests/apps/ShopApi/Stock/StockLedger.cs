namespace ShopApi.Stock;

public static class StockLedger
{
    public static int Count(string sku)
    {
        var count = CountAsync(sku);
        count.Wait();
        return count.Result;
    }

    private static async Task<int> CountAsync(string sku)
    {
        await Task.Delay(50); // the warehouse's round trip
        return sku.Length;
    }
}
