namespace FixShop.Settings;

/// <summary>Settings read from the configuration service on each access (a 20 ms remote read).</summary>
public sealed class ShopSettings
{
    public string Currency => LoadAsync("currency").Result;

    private static async Task<string> LoadAsync(string key)
    {
        await Task.Delay(20);
        return key == "currency" ? "EUR" : "";
    }
}
