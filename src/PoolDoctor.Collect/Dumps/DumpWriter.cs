using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// Writes a core dump of a live .NET process with the runtime's own writer (createdump, asked over the diagnostics
/// IPC). The target is suspended only while createdump copies its memory and then resumes; nothing else changes.
/// This is the function `dump` and `watch --dump` share; rate limiting is the caller's.
/// </summary>
public static class DumpWriter
{
    /// <summary>dotnet-dump's default, so a dump from either tool reads the same.</summary>
    public const DumpKind DefaultKind = DumpKind.Full;

    /// <param name="resumeRuntime">The target waits at startup for a reverse (listen) port's client: resume it first, so
    /// the dump shows it running and never leaves it suspended.</param>
    /// <returns>The dump's size in bytes.</returns>
    /// <exception cref="AttachException">The runtime refused or failed to write the dump (one line).</exception>
    public static async Task<long> WriteAsync(AttachedTarget target, string path, DumpKind kind, CancellationToken cancellation, bool resumeRuntime = false)
    {
        var full = Path.GetFullPath(path);
        if (resumeRuntime)
        {
            Resume(target);
        }
        try
        {
            // A dump takes as long as the target's memory needs (minutes for a large heap), so only Ctrl+C or SIGTERM ends
            // this wait, at once, even where NETCore.Client's read does not watch the token; the attach already proved
            // that the runtime answers.
            await target.Client.WriteDumpAsync(ToRuntime(kind), full, WriteDumpFlags.None, cancellation).WaitAsync(cancellation);
        }
        catch (Exception e) when (e is DiagnosticsClientException or IOException or TimeoutException or System.Net.Sockets.SocketException)
        {
            throw new AttachException($"the runtime of {target.Describe} did not write the dump: {OneLine(e.Message)}", e);
        }

        return File.Exists(full)
            ? new FileInfo(full).Length
            : throw new AttachException($"the runtime of {target.Describe} reported success but '{full}' does not exist (it writes with the target's own permissions and file system view)");
    }

    private static void Resume(AttachedTarget target)
    {
        try
        {
            target.Client.ResumeRuntime();
        }
        catch (Exception e) when (e is DiagnosticsClientException or IOException)
        {
            // Not suspended (a nosuspend port): nothing to resume.
        }
    }

    private static DumpType ToRuntime(DumpKind kind) => kind switch
    {
        DumpKind.Mini => DumpType.Normal,
        DumpKind.Heap => DumpType.WithHeap,
        DumpKind.Triage => DumpType.Triage,
        _ => DumpType.Full,
    };

    private static string OneLine(string text) => string.Join(' ', text.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
}
