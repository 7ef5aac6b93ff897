using Microsoft.AspNetCore.Mvc;

namespace Shop.Controllers;

/// <summary>Sync over async in an MVC action: each request blocks a pool thread for half a second.</summary>
[ApiController]
[Route("api/[controller]")]
public sealed class OrdersController : ControllerBase
{
    [HttpGet("{id:int}")]
    public string Get(int id) => Orders.Find(id).Result;
}
