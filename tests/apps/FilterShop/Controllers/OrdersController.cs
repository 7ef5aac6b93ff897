using FilterShop.Sync;
using Microsoft.AspNetCore.Mvc;

namespace FilterShop.Controllers;

[ApiController]
[Route("orders")]
public sealed class OrdersController(PriceFeed prices) : ControllerBase
{
    [HttpGet("{id:int}")]
    public async Task<IActionResult> Get(int id)
    {
        await Task.Delay(20); // the order database's round trip
        return Ok(new { id, total = prices.Current * id });
    }
}
