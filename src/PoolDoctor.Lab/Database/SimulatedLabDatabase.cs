using PoolDoctor.Lab.SimulatedDriver;

namespace PoolDoctor.Lab.Database;

/// <summary>
/// The embedded default: a loopback "database" inside the lab, so the demo needs no server. Its sync API
/// blocks the calling thread on a socket receive; its async API does not.
/// </summary>
public sealed class SimulatedLabDatabase : ILabDatabase, IDisposable
{
    private readonly SimulatedDbServer _server;
    private readonly SimulatedDbConnectionPool _pool;
    private readonly SimulatedDbCommand _command;

    public SimulatedLabDatabase(TimeSpan queryDelay)
    {
        _server = new SimulatedDbServer(queryDelay);
        _pool = new SimulatedDbConnectionPool(_server.EndPoint);
        _command = new SimulatedDbCommand(_pool);
    }

    public string Kind => "simulated";

    public void ExecuteNonQuery() => _command.ExecuteNonQuery();

    public Task ExecuteNonQueryAsync(CancellationToken cancellationToken = default) =>
        _command.ExecuteNonQueryAsync(cancellationToken);

    public void Dispose()
    {
        _pool.Dispose();
        _server.Dispose();
    }
}
