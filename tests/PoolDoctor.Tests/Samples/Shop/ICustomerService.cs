namespace PoolDoctor.Tests.CallSites.Shop;

public interface ICustomerService
{
    string Find(int id);
}
