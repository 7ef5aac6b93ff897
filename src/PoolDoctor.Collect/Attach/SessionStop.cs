using Microsoft.Diagnostics.NETCore.Client;

namespace PoolDoctor.Collect.Attach;

/// <summary>Ending a live EventPipe session the way every watcher must: asked, bounded in time, never throwing.</summary>
internal static class SessionStop
{
    /// <summary>
    /// Asks the runtime to end the session within <paramref name="timeout"/>. A process that is gone has nothing to
    /// stop; a refused or hung stop falls through, and closing the stream afterwards makes the runtime drop the
    /// session at its next write.
    /// </summary>
    public static async Task RequestAsync(EventPipeSession session, TimeSpan timeout)
    {
        using var limit = new CancellationTokenSource(timeout);
        try
        {
            await session.StopAsync(limit.Token);
        }
        catch (Exception)
        {
            // See the summary: the caller closes the stream next, which ends the session either way.
        }
    }
}
