namespace FixIo.Rates;

/// <summary>The bank's exchange rates (a remote call).</summary>
public sealed class RateSource
{
    public async Task<decimal> FetchAsync(string currency)
    {
        await Task.Delay(50);
        return currency == "EUR" ? 1m : 1.1m;
    }
}
