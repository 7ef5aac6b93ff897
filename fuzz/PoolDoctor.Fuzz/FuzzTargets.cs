namespace PoolDoctor.Fuzz;

/// <summary>
/// One entry point per parser that reads untrusted bytes. Each returns normally for every input the parser accepts or
/// refuses with its one-line error; anything else (another exception, a broken invariant) escapes and is a finding.
/// </summary>
public static class FuzzTargets
{
    public static IReadOnlyDictionary<string, Action<byte[]>> All { get; } = new Dictionary<string, Action<byte[]>>
    {
        ["nettrace"] = NettraceTarget.Run,
        ["dump-header"] = DumpHeaderTarget.Run,
        ["http1"] = Http1ResponseTarget.Run,
        ["grpc"] = GrpcReplyTarget.Run,
        ["trigger"] = TriggerTarget.Run,
        ["ipc-peer"] = DiagnosticsPeerTarget.Run,
        ["report-json"] = ReportJsonTarget.Run,
        ["input-file"] = InputFileTarget.Run,
    };

    /// <summary>A refusal must be one line: the CLI prints the message as it is.</summary>
    internal static void OneLine(string message)
    {
        if (message.Contains('\n') || message.Contains('\r'))
        {
            throw new FuzzFindingException($"a refusal spans several lines: {message}");
        }
    }
}

/// <summary>A broken invariant that is not an exception of the parser itself.</summary>
public sealed class FuzzFindingException(string message) : Exception(message);
