using System.Net.Sockets;
using System.Text;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// A Unix socket that looks like a runtime's diagnostics socket from outside (it accepts) but answers as a broken peer
/// does: nothing, noise, or a valid reply header announcing a payload it never sends. Connections stay open until
/// dispose, so only the tool's own bounds can end its wait.
/// </summary>
public sealed class FakeDiagnosticsPeer : IDisposable
{
    private readonly Socket _listener;
    private readonly List<Socket> _accepted = [];
    private readonly CancellationTokenSource _stop = new();
    private readonly string _folder;

    public enum Answer { Silent, Garbage, HeaderThenNothing }

    private FakeDiagnosticsPeer(Answer answer)
    {
        _folder = Directory.CreateTempSubdirectory("pooldoctor-peer-").FullName;
        Path = System.IO.Path.Combine(_folder, "peer.sock");
        _listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        _listener.Bind(new UnixDomainSocketEndPoint(Path));
        _listener.Listen(16);
        _ = AcceptAsync(answer);
    }

    public string Path { get; }

    /// <summary>How many connections the peer has accepted so far.</summary>
    public int Connections { get { lock (_accepted) { return _accepted.Count; } } }

    public static FakeDiagnosticsPeer Start(Answer answer) => new(answer);

    private async Task AcceptAsync(Answer answer)
    {
        try
        {
            while (!_stop.IsCancellationRequested)
            {
                var connection = await _listener.AcceptAsync(_stop.Token);
                lock (_accepted)
                {
                    _accepted.Add(connection);
                }
                _ = ServeAsync(connection, answer);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // Disposed.
        }
    }

    private async Task ServeAsync(Socket connection, Answer answer)
    {
        try
        {
            var request = new byte[20];
            await connection.ReceiveAsync(request, _stop.Token);
            switch (answer)
            {
                case Answer.Garbage:
                    var noise = new byte[64];
                    new Random(37).NextBytes(noise);
                    await connection.SendAsync(noise, _stop.Token);
                    break;
                case Answer.HeaderThenNothing:
                    var header = new byte[20];
                    Encoding.ASCII.GetBytes("DOTNET_IPC_V1\0").CopyTo(header, 0);
                    BitConverter.TryWriteBytes(header.AsSpan(14), (ushort)65535);
                    header[16] = 0xFF; // server command set
                    header[17] = 0x00; // OK
                    await connection.SendAsync(header, _stop.Token);
                    break;
                default:
                    break;
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // Disposed, or the tool hung up.
        }
    }

    public void Dispose()
    {
        _stop.Cancel();
        _listener.Dispose();
        lock (_accepted)
        {
            foreach (var connection in _accepted)
            {
                connection.Dispose();
            }
        }
        _stop.Dispose();
        Directory.Delete(_folder, recursive: true);
    }
}
