namespace FixShapes;

public interface IStockSource
{
    int Level(string sku);
}

/// <summary>The stock service's level, read through its HTTP API.</summary>
public sealed class HttpStockSource(IHttpClientFactory clients) : IStockSource
{
    public int Level(string sku) => int.Parse(clients.CreateClient("stock").GetStringAsync($"http://127.0.0.1:5083/stock/{sku}").GetAwaiter().GetResult(), System.Globalization.CultureInfo.InvariantCulture);
}

/// <summary>One line of the stock board.</summary>
public sealed class StockBoard(IStockSource source)
{
    public string Line(string sku) => $"{sku}: {source.Level(sku)}";
}
