using System.Collections.Concurrent;

namespace FixIo.Rates;

/// <summary>Rates cached for the process's life; a hit is synchronous, hence ValueTask.</summary>
public sealed class RateCache(RateSource source)
{
    private readonly ConcurrentDictionary<string, decimal> _rates = new();

    public ValueTask<decimal> GetAsync(string currency)
    {
        if (_rates.TryGetValue(currency, out var rate))
        {
            return new ValueTask<decimal>(rate);
        }
        rate = source.FetchAsync(currency).Result;
        _rates[currency] = rate;
        return new ValueTask<decimal>(rate);
    }
}
