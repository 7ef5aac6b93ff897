using Microsoft.AspNetCore.Mvc;

namespace FixShop.Pricing;

[ApiController]
[Route("prices")]
public sealed class PricesController(PriceClient prices) : ControllerBase
{
    [HttpGet("{sku}")]
    public IActionResult Get(string sku) => Ok(new { sku, price = prices.Current(sku) });
}
