using System.Net.Sockets;
using System.Text;

namespace PoolDoctor.IntegrationTests.Infrastructure;

/// <summary>
/// A Unix socket that looks like a runtime's diagnostics socket from outside (it accepts) but answers as a broken peer
/// does: nothing, noise, or a valid reply header announcing a payload it never sends; or as a runtime that stops
/// answering later: it answers who it is and starts every session asked for, then sends no event and answers no
/// other request (a dump's, a stop's). Connections stay open until dispose, so only the tool's own bounds can end its wait.
/// </summary>
public sealed class FakeDiagnosticsPeer : IDisposable
{
    private readonly Socket _listener;
    private readonly List<Socket> _accepted = [];
    private readonly CancellationTokenSource _stop = new();
    private readonly string _folder;

    public enum Answer { Silent, Garbage, HeaderThenNothing, SessionThenSilent }

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
                case Answer.SessionThenSilent:
                    await AnswerAsRuntimeAsync(connection, request);
                    break;
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

    /// <summary>
    /// ProcessInfo2 (command set 0x04) gets an error reply, as a runtime before .NET 6 gives (it answered; no version);
    /// an EventPipe session start (set 0x02, any CollectTracing command) gets OK and a session id, then silence; the
    /// rest (StopTracing, a dump) gets nothing.
    /// </summary>
    private async Task AnswerAsRuntimeAsync(Socket connection, byte[] header)
    {
        var size = BitConverter.ToUInt16(header, 14);
        var rest = new byte[Math.Max(0, size - header.Length)];
        for (var read = 0; read < rest.Length;)
        {
            var n = await connection.ReceiveAsync(rest.AsMemory(read), _stop.Token);
            if (n == 0)
            {
                return;
            }
            read += n;
        }
        var (set, command) = (header[16], header[17]);
        if (set == 0x04)
        {
            await connection.SendAsync(Reply(0xFF, BitConverter.GetBytes(0x80131385u)), _stop.Token);
        }
        else if (set == 0x02 && command != 0x01)
        {
            Interlocked.Increment(ref _sessions);
            await connection.SendAsync(Reply(0x00, BitConverter.GetBytes(37UL)), _stop.Token);
        }
    }

    private int _sessions;

    /// <summary>How many sessions the peer started.</summary>
    public int Sessions => Volatile.Read(ref _sessions);

    private static byte[] Reply(byte code, byte[] payload)
    {
        var reply = new byte[20 + payload.Length];
        Encoding.ASCII.GetBytes("DOTNET_IPC_V1\0").CopyTo(reply, 0);
        BitConverter.TryWriteBytes(reply.AsSpan(14), (ushort)reply.Length);
        reply[16] = 0xFF;
        reply[17] = code;
        payload.CopyTo(reply, 20);
        return reply;
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
