using System.Globalization;

namespace FixShapes;

/// <summary>Prices with tax, the unit price read by a local function.</summary>
public sealed class PriceBook(HttpClient http)
{
    public decimal Total(string sku, int quantity)
    {
        var total = Unit(sku) * quantity;
        return total * 1.2m;

        decimal Unit(string code) => decimal.Parse(http.GetStringAsync($"/prices/{code}").Result, CultureInfo.InvariantCulture);
    }
}
