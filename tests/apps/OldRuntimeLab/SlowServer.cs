using System.Net;
using System.Net.Sockets;

namespace OldRuntimeLab;

/// <summary>
/// A loopback server that answers every request byte after a fixed pause, fully async, so that only the client side
/// can hold pool threads. It stands in for a database whose queries take <c>delay</c>.
/// </summary>
internal sealed class SlowServer : IAsyncDisposable
{
    private readonly TcpListener _listener;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _accepting;
    private readonly TimeSpan _delay;

    private SlowServer(TcpListener listener, TimeSpan delay)
    {
        _listener = listener;
        _delay = delay;
        _accepting = AcceptAsync();
    }

    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    public static SlowServer Start(TimeSpan delay)
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start(backlog: 1024);
        return new SlowServer(listener, delay);
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket client;
            try
            {
                client = await _listener.AcceptSocketAsync(_stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }
            _ = AnswerAsync(client);
        }
    }

    private async Task AnswerAsync(Socket client)
    {
        using (client)
        {
            try
            {
                var buffer = new byte[1];
                if (await client.ReceiveAsync(buffer, SocketFlags.None, _stop.Token) == 1)
                {
                    await Task.Delay(_delay, _stop.Token);
                    await client.SendAsync(new byte[] { 42 }, SocketFlags.None, _stop.Token);
                }
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException)
            {
                // The client went away or the server stops: nothing to answer.
            }
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
