using System.Data.Common;

namespace FixIo.Customers;

/// <summary>Customers, read with plain ADO.NET (the provider is whatever DbDataSource is registered).</summary>
public sealed class CustomerStore(DbDataSource dataSource)
{
    public Customer? Find(int id)
    {
        using var connection = dataSource.CreateConnection();
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "select id, name, email from customers where id = $1";
        var parameter = command.CreateParameter();
        parameter.Value = id;
        command.Parameters.Add(parameter);
        using var reader = command.ExecuteReader();
        return reader.Read() ? new Customer(reader.GetInt32(0), reader.GetString(1), reader.GetString(2)) : null;
    }

    public long Count()
    {
        using var command = dataSource.CreateCommand("select count(*) from customers");
        return (long)command.ExecuteScalar()!;
    }
}
