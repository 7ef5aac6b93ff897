using Microsoft.Extensions.DependencyInjection;
using Npgsql;

namespace ShopKit.OrderStore;

public static class OrderStoreExtensions
{
    /// <summary>Registers <see cref="OrderRepository"/> over one pooled data source for the connection string.</summary>
    public static IServiceCollection AddOrderStore(this IServiceCollection services, string connectionString) =>
        services.AddSingleton(NpgsqlDataSource.Create(connectionString)).AddSingleton<OrderRepository>();
}
