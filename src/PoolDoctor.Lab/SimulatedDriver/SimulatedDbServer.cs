using System.Net;
using PoolDoctor.Lab.Loopback;

namespace PoolDoctor.Lab.SimulatedDriver;

/// <summary>
/// A tiny "database server" inside the lab process: it answers each one-byte query on a loopback socket after a fixed
/// delay, from its own dedicated thread (<see cref="DelayedReplyServer"/>), so it keeps answering while the lab's pool starves.
/// </summary>
public sealed class SimulatedDbServer(TimeSpan delay) : IDisposable
{
    internal const byte QueryByte = (byte)'Q';
    internal const byte ReplyByte = (byte)'R';

    private readonly DelayedReplyServer _server = new(nameof(SimulatedDbServer), delay, [ReplyByte], () => new TerminatorFraming([QueryByte]));

    public IPEndPoint EndPoint => _server.EndPoint;

    public void Dispose() => _server.Dispose();
}
