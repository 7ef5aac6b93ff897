using System.Net.Sockets;

namespace PoolDoctor.Lab.SimulatedDriver;

/// <summary>
/// The client half of the simulated database, shaped like an ADO.NET driver's command. The sync method does a
/// blocking socket receive, exactly what a real driver's sync API does, so stacks show genuine synchronous I/O.
/// </summary>
internal sealed class SimulatedDbCommand(SimulatedDbConnectionPool pool)
{
    public void ExecuteNonQuery()
    {
        var socket = pool.Rent();
        try
        {
            socket.Send([SimulatedDbServer.QueryByte]);
            var reply = new byte[1];
            var read = socket.Receive(reply);
            EnsureReply(read, reply[0]);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
        pool.Return(socket);
    }

    public async Task ExecuteNonQueryAsync(CancellationToken cancellationToken)
    {
        var socket = await pool.RentAsync(cancellationToken);
        try
        {
            await socket.SendAsync(new[] { SimulatedDbServer.QueryByte }, SocketFlags.None, cancellationToken);
            var reply = new byte[1];
            var read = await socket.ReceiveAsync(reply, SocketFlags.None, cancellationToken);
            EnsureReply(read, reply[0]);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
        pool.Return(socket);
    }

    private static void EnsureReply(int read, byte reply)
    {
        if (read != 1 || reply != SimulatedDbServer.ReplyByte)
        {
            throw new IOException("The simulated database closed the connection or sent an unexpected reply.");
        }
    }
}
