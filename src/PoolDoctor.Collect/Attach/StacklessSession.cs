using Microsoft.Diagnostics.NETCore.Client;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// Starts a session whose events are read for their payload only, asking the target for as little as it can.
/// By default the runtime walks the managed stack of the writing thread for every event it sends, which is most of
/// what an event costs the target: on a busy service the pool's own events, the enqueue/dequeue pairs of the queue
/// delay and the request start/stop events would each pay a stack walk on the thread that serves traffic.
/// CollectTracing3 (.NET 8 on) turns that off. A provider may also carry an event-id filter (CollectTracing5,
/// .NET 10 on): a keyword such as the pool's Threading one enables a dozen events of which a reader may want one,
/// and a filtered event is never written at all. Older runtimes refuse the newer commands; the session then falls
/// back one step at a time, so a filter is only ever a saving: readers must (and do) ignore events they did not ask for.
/// </summary>
public static class StacklessSession
{
    /// <param name="who">How a silence names the target (<see cref="AttachedTarget.Describe"/>).</param>
    /// <param name="processId">The pid whose /proc state explains a silence; 0 when unknown.</param>
    /// <param name="bound">How long the runtime has to answer the start (<see cref="AttachedTarget.AttachTimeout"/>).</param>
    public static Task<EventPipeSession> StartAsync(
        DiagnosticsClient client, IReadOnlyList<EventPipeProvider> providers, int circularBufferMB, CancellationToken cancellationToken,
        string who = "the target", int processId = 0, TimeSpan? bound = null) =>
        Bounded(token => StartUnboundedAsync(client, providers, circularBufferMB, token), who, processId, bound ?? TargetSpec.DefaultAttachTimeout, cancellationToken);

    /// <summary>
    /// A session start raced against its bound (<see cref="TargetWait"/>): a target that stops answering between the
    /// attach and the start ends in one line, and a session that starts after the bound is stopped, not left running.
    /// </summary>
    public static Task<EventPipeSession> Bounded(Func<CancellationToken, Task<EventPipeSession>> start, string who, int processId, TimeSpan bound, CancellationToken cancellationToken) =>
        TargetWait.RunAsync(
            token => ProtocolCheckedAsync(start, who, token),
            bound,
            limit => $"{who} did not answer the request to start an EventPipe session in {TargetWait.Seconds(limit)}: {RuntimeHandshake.WhySilent(processId)}",
            cancellationToken,
            late => _ = SessionStop.RequestAsync(late, TimeSpan.FromSeconds(5)).ContinueWith(_ => late.Dispose(), TaskScheduler.Default));

    /// <summary>
    /// NETCore.Client reads a reply without checking it beyond its magic: a header that announces fewer bytes than a
    /// header, or a reply code it does not know, surfaces as the arithmetic or argument exception of its reader
    /// (fuzz/regressions/ipc-peer). Those are the peer's doing and are said so, naming it; an end of stream stays what it
    /// is, so callers can still tell a target that exited.
    /// </summary>
    private static async Task<EventPipeSession> ProtocolCheckedAsync(Func<CancellationToken, Task<EventPipeSession>> start, string who, CancellationToken token)
    {
        try
        {
            return await start(token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is OverflowException or ArgumentException or InvalidDataException or FormatException or IndexOutOfRangeException)
        {
            throw new AttachException($"{who} answered the request to start an EventPipe session with a reply that breaks the diagnostics protocol ({e.GetType().Name}): is it a .NET runtime's diagnostics socket?", e);
        }
    }

    private static async Task<EventPipeSession> StartUnboundedAsync(DiagnosticsClient client, IReadOnlyList<EventPipeProvider> providers, int circularBufferMB, CancellationToken cancellationToken)
    {
        if (providers.Any(p => p.EventFilter is not null))
        {
            try
            {
                return await StartStacklessAsync(client, providers, circularBufferMB, cancellationToken).ConfigureAwait(false);
            }
            catch (UnsupportedCommandException)
            {
                providers = WithoutFilters(providers);
            }
        }
        try
        {
            return await StartStacklessAsync(client, providers, circularBufferMB, cancellationToken).ConfigureAwait(false);
        }
        catch (UnsupportedCommandException)
        {
            return await client.StartEventPipeSessionAsync(providers, requestRundown: false, circularBufferMB, cancellationToken).ConfigureAwait(false);
        }
    }

    private static Task<EventPipeSession> StartStacklessAsync(DiagnosticsClient client, IReadOnlyList<EventPipeProvider> providers, int circularBufferMB, CancellationToken cancellationToken) =>
        client.StartEventPipeSessionAsync(
            new EventPipeSessionConfiguration(providers, circularBufferMB, requestRundown: false, requestStackwalk: false),
            cancellationToken);

    /// <summary>The same providers with their event-id filters dropped: what a runtime before .NET 10 understands.</summary>
    internal static IReadOnlyList<EventPipeProvider> WithoutFilters(IReadOnlyList<EventPipeProvider> providers) =>
        providers.Select(p => p.EventFilter is null ? p : new EventPipeProvider(p.Name, p.EventLevel, p.Keywords, p.Arguments)).ToList();
}
