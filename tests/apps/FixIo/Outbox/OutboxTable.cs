using System.Data.Common;

namespace FixIo.Outbox;

/// <summary>The outbox table: messages written with their order, sent later by the worker.</summary>
public sealed class OutboxTable(DbDataSource dataSource)
{
    public int MarkSent(DateTime before)
    {
        using var connection = dataSource.OpenConnection();
        using var command = connection.CreateCommand();
        command.CommandText = "update outbox set sent = true where not sent and created < $1";
        var parameter = command.CreateParameter();
        parameter.Value = before;
        command.Parameters.Add(parameter);
        return command.ExecuteNonQuery();
    }

    public void Purge(DateTime before)
    {
        using var command = dataSource.CreateCommand("delete from outbox where sent and created < $1");
        var parameter = command.CreateParameter();
        parameter.Value = before;
        command.Parameters.Add(parameter);
        command.ExecuteNonQuery();
    }
}
