namespace PoolDoctor.Tests.Samples.Shop;

public interface ICustomerService
{
    string Find(int id);
}
