using Microsoft.AspNetCore.Mvc;

namespace FixShop.Regions;

[ApiController]
[Route("shipping")]
public sealed class ShippingController : ControllerBase
{
    [HttpGet("{region}")]
    [ServedRegion]
    public IActionResult Get(string region) => Ok(new { region, days = region == "eu" ? 2 : 4 });
}
