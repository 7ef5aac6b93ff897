namespace ShopApi.Customers;

public sealed class CustomerService(CustomerRepository repository)
{
    public Customer? Find(int id) => id > 0 ? repository.Load(id) : null;
}
