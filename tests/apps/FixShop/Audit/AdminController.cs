using Microsoft.AspNetCore.Mvc;

namespace FixShop.Audit;

[ApiController]
[Route("admin")]
public sealed class AdminController : ControllerBase
{
    [HttpGet("ping")]
    public string Ping() => "pong";
}
