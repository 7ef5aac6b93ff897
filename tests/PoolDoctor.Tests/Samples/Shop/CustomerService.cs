namespace PoolDoctor.Tests.Samples.Shop;

public sealed class CustomerService(ICustomerRepository repository) : ICustomerService
{
    public string Find(int id) => "customer " + repository.Load(id);
}
