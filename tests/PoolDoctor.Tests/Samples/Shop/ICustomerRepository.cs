namespace PoolDoctor.Tests.CallSites.Shop;

public interface ICustomerRepository
{
    string Load(int id);

    Task<string> LoadAsync(int id);
}
