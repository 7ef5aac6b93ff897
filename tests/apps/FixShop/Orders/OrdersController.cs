using Microsoft.AspNetCore.Mvc;

namespace FixShop.Orders;

[ApiController]
[Route("orders")]
public sealed class OrdersController(IOrderService orders) : ControllerBase
{
    [HttpGet("{id:int}")]
    public ActionResult<Order> Get(int id)
    {
        var order = orders.GetOrder(id);
        if (order is null)
        {
            return NotFound();
        }
        return order;
    }
}
