using System.Data.Common;
using Dapper;

namespace FixIo.Orders;

/// <summary>Orders through Dapper, one connection per call.</summary>
public sealed class OrderQueries(DbDataSource dataSource)
{
    public List<OrderRow> ForCustomer(int customerId)
    {
        using var connection = dataSource.CreateConnection();
        return connection.Query<OrderRow>(
            "select id, customer_id as CustomerId, total, shipped from orders where customer_id = @customerId order by id",
            new { customerId }).ToList();
    }

    public bool MarkShipped(int id)
    {
        using var connection = dataSource.CreateConnection();
        var updated = connection.Execute("update orders set shipped = true where id = @id", new { id });
        return updated == 1;
    }
}
