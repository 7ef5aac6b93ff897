using Microsoft.Diagnostics.NETCore.Client;
using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Starts a stacks session with the newest command the target's runtime takes and says, once, what an older runtime
/// cannot give. .NET 9 brought both CollectTracing4 (the trimmed rundown) and the WaitHandleWait events, so a runtime
/// that refuses the first lacks the second too.
/// </summary>
public static class StackSessionStarter
{
    /// <summary>The first runtime with CollectTracing4 and WaitHandleWaitStart/Stop.</summary>
    public const int WaitEventsMajor = 9;

    public static Task<EventPipeSession> StartAsync(AttachedTarget target, Action<string>? notice, CancellationToken cancellationToken) =>
        StacklessSession.Bounded(token => StartUnboundedAsync(target, notice, token), target.Describe, target.ProcessId, target.AttachTimeout, cancellationToken);

    private static async Task<EventPipeSession> StartUnboundedAsync(AttachedTarget target, Action<string>? notice, CancellationToken cancellationToken)
    {
        var version = target.RuntimeVersion;
        if (version is { Major: < WaitEventsMajor })
        {
            // Known old: skip the request that would be refused.
            notice?.Invoke(WaitEventsMissing(version));
            notice?.Invoke(FullRundown(version));
            return await target.Client.StartEventPipeSessionAsync(StackSessionProviders.LegacyConfiguration(), cancellationToken);
        }
        try
        {
            return await target.Client.StartEventPipeSessionAsync(StackSessionProviders.Configuration(), cancellationToken);
        }
        catch (UnsupportedCommandException)
        {
            // Version unknown (a listen port) or a runtime that reports a newer version without the command.
            notice?.Invoke(WaitEventsMissing(version));
            notice?.Invoke(FullRundown(version));
            return await target.Client.StartEventPipeSessionAsync(StackSessionProviders.LegacyConfiguration(), cancellationToken);
        }
    }

    private static string Runtime(Version? version) =>
        version is null ? "the target's runtime is older than .NET 9" : $"the target runs .NET {version}";

    internal static string WaitEventsMissing(Version? version) =>
        $"{Runtime(version)}: wait events need .NET 9+; using sampled stacks only";

    internal static string FullRundown(Version? version) =>
        $"{Runtime(version)}: no trimmed method rundown before .NET 9 (CollectTracing4), so the capture also carries IL-to-native maps and is somewhat larger";
}
