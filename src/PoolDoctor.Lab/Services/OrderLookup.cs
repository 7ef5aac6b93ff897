namespace PoolDoctor.Lab.Services;

/// <summary>Looks orders up for the minimal API, which maps its instance method <see cref="Find"/> as the handler.</summary>
public sealed class OrderLookup(OrderStatusClient client)
{
    public string Find(int id) => $"success:orders {id} {client.Status(id)}";
}
