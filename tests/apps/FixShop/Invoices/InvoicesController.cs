using FixShop.Orders;
using Microsoft.AspNetCore.Mvc;

namespace FixShop.Invoices;

[ApiController]
[Route("invoices")]
public sealed class InvoicesController(IOrderService orders) : ControllerBase
{
    [HttpGet("{orderId:int}")]
    public IActionResult Get(int orderId)
    {
        var order = orders.GetOrder(orderId);
        return order is null ? NotFound() : Ok(new { order.Id, order.Total, Tax = order.Total * 0.2m });
    }
}
