using System.Buffers.Binary;
using System.Diagnostics.Tracing;
using System.Net.Sockets;
using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Fuzz;

/// <summary>
/// The tool's client side of the diagnostics IPC against a fake runtime whose replies are the input: a peer in this
/// process listens on a Unix socket and answers the n-th connection with the n-th reply, then hangs up. Driven over it,
/// as an attach does: the handshake (<see cref="RuntimeHandshake"/>, ProcessInfo2), the version probe, a stackless
/// session start with its fallbacks (<see cref="StacklessSession"/> over NETCore.Client's CollectTracing5/3/2), the
/// session's stream, and its stop (<see cref="SessionStop"/>). The input is replies, each a 2-byte little-endian
/// length and that many bytes; a connection past the last reply is closed unanswered. Besides an exception type a
/// parser bug throws (<see cref="IsBug"/>), a finding is a wait that outlives its bound: a reply that is short, noise or
/// a lie about its length must end the exchange within the bound, never hang it.
/// </summary>
internal static class DiagnosticsPeerTarget
{
    private const int MaxReplies = 8;
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan Slack = TimeSpan.FromSeconds(2);
    private static readonly Lazy<FakeRuntime> Peer = new(() => new FakeRuntime());

    public static void Run(byte[] input)
    {
        var peer = Peer.Value;
        peer.Serve(Replies(input));
        Within(() => Handshake(peer.SocketPath), "the handshake");
        Within(() => Task.FromResult<object?>(RuntimeVersionProbe.Ask(peer.SocketPath, Bound)), "the version probe");
        Within(() => Session(peer.SocketPath), "the session start, its stream and its stop");
    }

    internal static IReadOnlyList<byte[]> Replies(ReadOnlySpan<byte> input)
    {
        var replies = new List<byte[]>();
        while (input.Length >= 2 && replies.Count < MaxReplies)
        {
            var length = Math.Min(BinaryPrimitives.ReadUInt16LittleEndian(input), input.Length - 2);
            replies.Add(input.Slice(2, length).ToArray());
            input = input[(2 + length)..];
        }
        return replies;
    }

    private static async Task<object?> Handshake(string socketPath)
    {
        try
        {
            var answer = await RuntimeHandshake.AskAsync(socketPath, "the fuzz peer", 0, Bound, CancellationToken.None);
            if (answer.ProcessId is <= 0)
            {
                throw new FuzzFindingException($"a runtime answer with pid {answer.ProcessId}");
            }
        }
        catch (AttachException e)
        {
            FuzzTargets.OneLine(e.Message);
        }
        return null;
    }

    private static async Task<object?> Session(string socketPath)
    {
        var connector = await DiagnosticsClientConnector.FromDiagnosticPort(socketPath + ",connect", CancellationToken.None)
            ?? throw new FuzzFindingException("no client for a connect port");
        await using var _ = connector;
        EventPipeSession session;
        try
        {
            var providers = new[]
            {
                new EventPipeProvider("Microsoft-Windows-DotNETRuntime", EventLevel.Informational, 0x10000, arguments: null,
                    new EventPipeProviderEventFilter(enable: true, [55])),
            };
            session = await StacklessSession.StartAsync(connector.Instance, providers, circularBufferMB: 4, CancellationToken.None, "the fuzz peer", 0, Bound);
        }
        catch (Exception e) when (!IsBug(e))
        {
            FuzzTargets.OneLine(e.Message.ReplaceLineEndings(" "));
            return null;
        }
        using (session)
        {
            // The peer hangs up after its reply, so the stream ends; a read that does not is a hang.
            await session.EventStream.CopyToAsync(Stream.Null).WaitAsync(Bound + Bound);
            await SessionStop.RequestAsync(session, Bound);
        }
        return null;
    }

    /// <summary>Exceptions a reader throws when its own arithmetic or state is wrong, not because the bytes were bad.</summary>
    private static bool IsBug(Exception e) => e is NullReferenceException or IndexOutOfRangeException or ArgumentException
        or InvalidCastException or OverflowException or OutOfMemoryException or FuzzFindingException;

    private static void Within(Func<Task<object?>> exchange, string what)
    {
        var work = Task.Run(exchange);
        if (!work.Wait(Bound + Slack))
        {
            throw new FuzzFindingException($"{what} outlived its {Bound.TotalSeconds} s bound by more than {Slack.TotalSeconds} s");
        }
        work.GetAwaiter().GetResult();
    }

    /// <summary>A listener that answers each connection with the next reply of the current input and hangs up.</summary>
    private sealed class FakeRuntime : IDisposable
    {
        private readonly Socket _listener = new(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        private IReadOnlyList<byte[]> _replies = [];
        private int _next;

        public FakeRuntime()
        {
            SocketPath = Path.Combine(Path.GetTempPath(), $"pooldoctor-fuzz-ipc-{Environment.ProcessId}.sock");
            File.Delete(SocketPath);
            _listener.Bind(new UnixDomainSocketEndPoint(SocketPath));
            _listener.Listen(16);
            new Thread(Accept) { IsBackground = true, Name = "fake runtime" }.Start();
        }

        public string SocketPath { get; }

        /// <summary>Lives as long as the fuzzing process; disposing ends the accept loop.</summary>
        public void Dispose() => _listener.Dispose();

        public void Serve(IReadOnlyList<byte[]> replies)
        {
            Volatile.Write(ref _replies, replies);
            Volatile.Write(ref _next, 0);
        }

        private void Accept()
        {
            while (true)
            {
                Socket connection;
                try
                {
                    connection = _listener.Accept();
                }
                catch (Exception e) when (e is SocketException or ObjectDisposedException)
                {
                    return;
                }
                var replies = Volatile.Read(ref _replies);
                var index = Interlocked.Increment(ref _next) - 1;
                var reply = index < replies.Count ? replies[index] : null;
                _ = Task.Run(() => Answer(connection, reply));
            }
        }

        private static void Answer(Socket connection, byte[]? reply)
        {
            using (connection)
            {
                try
                {
                    connection.ReceiveTimeout = 2000;
                    connection.SendTimeout = 2000;
                    // The request: a 20-byte header whose bytes 14-15 give the whole request's size.
                    var header = new byte[20];
                    if (Receive(connection, header) == header.Length)
                    {
                        var size = BinaryPrimitives.ReadUInt16LittleEndian(header.AsSpan(14));
                        if (size > header.Length)
                        {
                            Receive(connection, new byte[size - header.Length]);
                        }
                    }
                    if (reply is not null)
                    {
                        connection.Send(reply);
                    }
                    connection.Shutdown(SocketShutdown.Both);
                }
                catch (SocketException)
                {
                    // The client hung up first.
                }
            }
        }

        private static int Receive(Socket connection, byte[] buffer)
        {
            var read = 0;
            while (read < buffer.Length && connection.Receive(buffer, read, buffer.Length - read, SocketFlags.None) is var n and > 0)
            {
                read += n;
            }
            return read;
        }
    }
}
