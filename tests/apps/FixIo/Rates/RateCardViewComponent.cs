using Microsoft.AspNetCore.Mvc;

namespace FixIo.Rates;

/// <summary>A view component written synchronously, reading the rate the way a first version often does.</summary>
public sealed class RateCardViewComponent(RateSource source) : ViewComponent
{
    public IViewComponentResult Invoke(string currency)
    {
        var rate = source.FetchAsync(currency).Result;
        return Content($"{currency}: {rate}");
    }
}
