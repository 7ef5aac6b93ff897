namespace PoolDoctor.Tests.Samples.Shop;

public interface ICustomerRepository
{
    string Load(int id);

    Task<string> LoadAsync(int id);
}
