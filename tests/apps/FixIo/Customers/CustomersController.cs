using Microsoft.AspNetCore.Mvc;

namespace FixIo.Customers;

[ApiController]
[Route("customers")]
public sealed class CustomersController(CustomerStore customers) : ControllerBase
{
    [HttpGet("{id:int}")]
    public ActionResult<Customer> Get(int id)
    {
        var customer = customers.Find(id);
        return customer is null ? NotFound() : customer;
    }
}
