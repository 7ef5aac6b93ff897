using System.Net;
using System.Net.Sockets;
using System.Text;

namespace PoolDoctor.Tests.Load;

/// <summary>
/// A tiny HTTP/1.1 server on a loopback port for the load engine's tests: for every request it reads (up to the
/// blank line) it writes what <c>respond</c> returns, then closes the connection if asked to. It counts requests
/// and accepted connections, so a test can tell keep-alive from reconnects.
/// </summary>
internal sealed class LoopbackServer : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly Func<int, (string Response, bool Close)?> _respond;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _accepting;
    private readonly TimeSpan _answerDelay;
    private int _requests;
    private int _connections;

    /// <param name="respond">Given the request number (from 1), the bytes to answer with and whether to close; null: never answer.</param>
    public LoopbackServer(Func<int, (string Response, bool Close)?> respond, TimeSpan answerDelay = default)
    {
        _respond = respond;
        _answerDelay = answerDelay;
        _listener.Start(512);
        _accepting = AcceptAsync();
    }

    public Uri Url => new($"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/test?q=1");

    public int Requests => Volatile.Read(ref _requests);

    public int Connections => Volatile.Read(ref _connections);

    private async Task AcceptAsync()
    {
        var clients = new List<Task>();
        try
        {
            while (true)
            {
                var socket = await _listener.AcceptSocketAsync(_stop.Token);
                Interlocked.Increment(ref _connections);
                clients.Add(ServeAsync(socket));
            }
        }
        catch (Exception) when (_stop.IsCancellationRequested)
        {
        }
        await Task.WhenAll(clients);
    }

    private async Task ServeAsync(Socket socket)
    {
        using var _ = socket;
        var buffer = new byte[8192];
        var pending = new StringBuilder();
        try
        {
            while (!_stop.IsCancellationRequested)
            {
                var read = await socket.ReceiveAsync(buffer, SocketFlags.None, _stop.Token);
                if (read == 0)
                {
                    return;
                }
                pending.Append(Encoding.Latin1.GetString(buffer, 0, read));
                int end;
                while ((end = pending.ToString().IndexOf("\r\n\r\n", StringComparison.Ordinal)) >= 0)
                {
                    pending.Remove(0, end + 4);
                    var answer = _respond(Interlocked.Increment(ref _requests));
                    if (answer is null)
                    {
                        continue;
                    }
                    if (_answerDelay > TimeSpan.Zero)
                    {
                        await Task.Delay(_answerDelay, _stop.Token);
                    }
                    await socket.SendAsync(Encoding.Latin1.GetBytes(answer.Value.Response), SocketFlags.None, _stop.Token);
                    if (answer.Value.Close)
                    {
                        socket.Shutdown(SocketShutdown.Both);
                        return;
                    }
                }
            }
        }
        catch (Exception)
        {
            // A client that goes away mid-request is normal at the end of a load run.
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        await _accepting;
        _stop.Dispose();
    }
}
