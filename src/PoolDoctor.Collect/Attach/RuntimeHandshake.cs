using System.Buffers.Binary;
using System.Net.Sockets;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// What a runtime said when asked who it is: its pid (as it sees it: a container's own pid) and version, either null
/// when the runtime answered without them (an older runtime's "unknown command" is still an answer).
/// </summary>
public sealed record RuntimeAnswer(int? ProcessId, Version? RuntimeVersion);

/// <summary>
/// The first exchange of every attach: connect to the diagnostics socket and ask ProcessInfo2, within a bound. A
/// process paused by SIGSTOP, a debugger or <c>docker pause</c> still has its socket accept (the kernel does that), but
/// nobody answers; a socket that is not a runtime's answers nothing or noise. Each of those ends here in one line naming
/// what did not answer, before any session is asked for, instead of a session start that waits for ever.
/// </summary>
public static class RuntimeHandshake
{
    private const int HeaderSize = 20;
    private const byte ServerCommandSet = 0xFF;
    private const byte Ok = 0x00;

    private enum Stage { Connecting, AwaitingReply, AwaitingPayload }

    /// <param name="socketPath">The runtime's socket.</param>
    /// <param name="who">How the one-liners name the target ("process 4242", "the diagnostics socket /x").</param>
    /// <param name="processId">The pid whose /proc state a silence is explained by; 0 when unknown.</param>
    public static async Task<RuntimeAnswer> AskAsync(string socketPath, string who, int processId, TimeSpan bound, CancellationToken cancellation)
    {
        var stage = Stage.Connecting;
        var announced = 0;
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            return await TargetWait.RunAsync(
                async token =>
                {
                    await socket.ConnectAsync(new UnixDomainSocketEndPoint(socketPath), token).ConfigureAwait(false);
                    stage = Stage.AwaitingReply;
                    await socket.SendAsync(RuntimeVersionProbe.Request(), token).ConfigureAwait(false);
                    var header = new byte[HeaderSize];
                    var got = await ReadAsync(socket, header, token).ConfigureAwait(false);
                    if (got == 0)
                    {
                        // Read and hung up without a reply: a runtime too old to know the command; it is alive.
                        return new RuntimeAnswer(null, null);
                    }
                    if (got < HeaderSize || !header.AsSpan(0, 14).SequenceEqual("DOTNET_IPC_V1\0"u8))
                    {
                        throw new AttachException($"{who} answered with bytes that are not the .NET diagnostics protocol (no DOTNET_IPC_V1 header): is {socketPath} a .NET runtime's diagnostics socket?");
                    }
                    var size = BinaryPrimitives.ReadUInt16LittleEndian(header.AsSpan(14));
                    if (header[16] != ServerCommandSet || header[17] != Ok || size <= HeaderSize)
                    {
                        // An error reply (an older runtime without ProcessInfo2): it answered.
                        return new RuntimeAnswer(null, null);
                    }
                    announced = size;
                    stage = Stage.AwaitingPayload;
                    var payload = new byte[size - HeaderSize];
                    if (await ReadAsync(socket, payload, token).ConfigureAwait(false) < payload.Length)
                    {
                        throw new AttachException($"{who} announced a {size}-byte reply and closed the connection before sending it: is {socketPath} a .NET runtime's diagnostics socket?");
                    }
                    return new RuntimeAnswer(ProcessInfoReply.ProcessId(payload), ProcessInfoReply.RuntimeVersion(payload));
                },
                bound,
                limit => stage switch
                {
                    Stage.Connecting => $"{who}: connecting to its diagnostics socket {socketPath} did not complete in {TargetWait.Seconds(limit)}",
                    Stage.AwaitingReply => $"{who} accepted the connection but did not answer in {TargetWait.Seconds(limit)}: {WhySilent(processId)}",
                    _ => $"{who} sent a reply header announcing {announced} bytes and then nothing in {TargetWait.Seconds(limit)}: {WhySilent(processId)}",
                },
                cancellation).ConfigureAwait(false);
        }
        catch (SocketException e)
        {
            throw new AttachException(e.SocketErrorCode == SocketError.ConnectionRefused
                ? $"{who}: nothing accepts connections on its diagnostics socket {socketPath} (connection refused: the process exited or the file is stale)"
                : $"{who}: cannot use its diagnostics socket {socketPath}: {e.Message}", e);
        }
        finally
        {
            // Closing the socket also ends a read the race abandoned.
            socket.Dispose();
        }
    }

    /// <summary>The likely reason for a silence, from the process's state in /proc when there is a pid to look at.</summary>
    internal static string WhySilent(int processId) => ProcFs.State(processId) switch
    {
        'T' or 't' => $"it is paused (state T in /proc/{processId}/stat; kill -CONT {processId} resumes it)",
        { } state => $"is it paused or hung (state {state} in /proc/{processId}/stat)?",
        null => "is the process paused?",
    };

    private static async Task<int> ReadAsync(Socket socket, byte[] buffer, CancellationToken token)
    {
        var read = 0;
        while (read < buffer.Length)
        {
            var n = await socket.ReceiveAsync(buffer.AsMemory(read), token).ConfigureAwait(false);
            if (n == 0)
            {
                break;
            }
            read += n;
        }
        return read;
    }
}
