namespace PoolDoctor.Lab.Services;

/// <summary>The business layer between the endpoints and the repository, as layered services have one.</summary>
public sealed class CustomerService(CustomerRepository repository)
{
    public string Describe(int id)
    {
        var customer = repository.Load(id);
        return $"{customer.Name} (#{customer.Id})";
    }

    public async Task<string> DescribeAsync(int id, CancellationToken cancellationToken)
    {
        var customer = await repository.LoadAsync(id, cancellationToken);
        return $"{customer.Name} (#{customer.Id})";
    }
}
