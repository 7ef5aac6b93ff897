namespace ShopApi.Customers;

public static class CustomersEndpoint
{
    private static readonly CustomerService Service = new(new CustomerRepository());

    public static IResult Get(int id) =>
        Service.Find(id) is { } customer ? Results.Ok(customer) : Results.NotFound();
}
