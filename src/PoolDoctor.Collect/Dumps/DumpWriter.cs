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

    /// <returns>The dump's size in bytes.</returns>
    /// <exception cref="AttachException">The runtime refused or failed to write the dump (one line).</exception>
    public static async Task<long> WriteAsync(AttachedTarget target, string path, DumpKind kind, CancellationToken cancellation)
    {
        var full = Path.GetFullPath(path);
        target.ResumeIfSuspended();
        try
        {
            // A dump takes as long as the target's memory needs (minutes for a large heap), so the write as a whole has no
            // bound; its progress does (see ProgressBound). Ctrl+C or SIGTERM end it at once, even where NETCore.Client's
            // read does not watch the token.
            using var gaveUp = CancellationTokenSource.CreateLinkedTokenSource(cancellation);
            var write = target.Client.WriteDumpAsync(ToRuntime(kind), full, WriteDumpFlags.None, gaveUp.Token);
            var bound = ProgressBound(target.AttachTimeout);
            var stalled = StalledAsync(target, full, bound, gaveUp.Token);
            var first = await Task.WhenAny(write, stalled).WaitAsync(cancellation);
            await gaveUp.CancelAsync();
            if (first == stalled && await stalled is { } silence)
            {
                // The request's connection closes with the run; a createdump that starts late still writes, but nothing waits.
                _ = write.ContinueWith(late => _ = late.Exception, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
                throw new AttachException(silence, targetSilent: true);
            }
            await write;
        }
        catch (Exception e) when (e is DiagnosticsClientException or IOException or TimeoutException or System.Net.Sockets.SocketException)
        {
            throw new AttachException($"the runtime of {target.Describe} did not write the dump: {OneLine(e.Message)}", e);
        }

        return File.Exists(full)
            ? new FileInfo(full).Length
            : throw new AttachException($"the runtime of {target.Describe} reported success but '{full}' does not exist (it writes with the target's own permissions and file system view)");
    }

    /// <summary>
    /// How long a dump may make no progress: three attach timeouts (15 s by default) for the runtime to start createdump
    /// and create the file, and as long again between two growths of it; a createdump child of the target that is using
    /// CPU is progress too. createdump gathers the target's memory map first (a second or two for a large process, more on
    /// a crowded host), then writes without pause; a target paused before or during the write never gets there.
    /// </summary>
    public static TimeSpan ProgressBound(TimeSpan attachTimeout) => 3 * attachTimeout;

    /// <summary>The line that says what did not answer, once the file has not appeared or grown for <paramref name="bound"/>; null when the write ended first.</summary>
    private static async Task<string?> StalledAsync(AttachedTarget target, string full, TimeSpan bound, CancellationToken writeEnded)
    {
        // A target in another mount namespace (a container) writes the path in its own view.
        var seen = target.ProcessId > 0 && ProcFs.HasOtherMountNamespace(target.ProcessId) ? ProcFs.UnderRootOf(target.ProcessId, full) : full;
        long? last = null;
        long? lastHelper = null;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        try
        {
            while (true)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(250), writeEnded).ConfigureAwait(false);
                var info = new FileInfo(seen);
                long? size = info.Exists ? info.Length : null;
                // createdump reads the target's memory map before it creates the file: on a crowded host that took more
                // than the bound (a CI run: nothing written after 15 s), while the helper was still running and using CPU.
                var helper = target.ProcessId > 0 ? ProcFs.ChildCpuTicks(target.ProcessId, "createdump") : null;
                if (size != last || helper is not null && helper != lastHelper)
                {
                    last = size;
                    lastHelper = helper;
                    clock.Restart();
                }
                else if (clock.Elapsed >= bound)
                {
                    return last is null
                        ? $"{target.Describe} did not start writing the dump to {full} in {TargetWait.Seconds(bound)}: {RuntimeHandshake.WhySilent(target.ProcessId)}"
                        : $"the dump of {target.Describe} stopped growing at {last.Value / (1024.0 * 1024.0):F1} MB for {TargetWait.Seconds(bound)}: {RuntimeHandshake.WhySilent(target.ProcessId)} ({full} is incomplete)";
                }
            }
        }
        catch (OperationCanceledException)
        {
            return null;
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
