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
        var answered = false;
        try
        {
            socket.Send([SimulatedDbServer.QueryByte]);
            var reply = new byte[1];
            EnsureReply(socket.Receive(reply), reply[0]);
            answered = true;
        }
        finally
        {
            Release(socket, answered);
        }
    }

    public async Task ExecuteNonQueryAsync(CancellationToken cancellationToken)
    {
        var socket = await pool.RentAsync(cancellationToken);
        var answered = false;
        try
        {
            await socket.SendAsync(new[] { SimulatedDbServer.QueryByte }, SocketFlags.None, cancellationToken);
            var reply = new byte[1];
            EnsureReply(await socket.ReceiveAsync(reply, SocketFlags.None, cancellationToken), reply[0]);
            answered = true;
        }
        finally
        {
            Release(socket, answered);
        }
    }

    /// <summary>A connection that answered goes back to the pool; one that failed midway is closed, as drivers do.</summary>
    private void Release(Socket socket, bool answered)
    {
        if (answered)
        {
            pool.Return(socket);
        }
        else
        {
            socket.Dispose();
        }
    }

    private static void EnsureReply(int read, byte reply)
    {
        if (read != 1 || reply != SimulatedDbServer.ReplyByte)
        {
            throw new IOException("The simulated database closed the connection or sent an unexpected reply.");
        }
    }
}
