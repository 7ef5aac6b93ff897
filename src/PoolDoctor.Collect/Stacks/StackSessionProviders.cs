using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// What one stacks session asks of the runtime: the sample profiler (it samples blocked threads too), the runtime's
/// JIT/loader events so methods jitted during the window resolve, and the wait events that time each block.
/// Rundown at session stop names every method already jitted before the window. ASP.NET Core's request events (see
/// <see cref="AspNetCoreEvents"/>) say which request each thread serves.
/// </summary>
public static class StackSessionProviders
{
    public const string SampleProfiler = "Microsoft-DotNETCore-SampleProfiler";
    public const string Runtime = "Microsoft-Windows-DotNETRuntime";
    public const string Tpl = "System.Threading.Tasks.TplEventSource";
    // TplEventSource "Tasks": TaskWaitBegin (informational) and TaskWaitEnd (verbose).
    private const long TplTasksKeyword = 0x2;

    /// <summary>
    /// NETCore.Client's default rundown keyword (Loader, Jit, NGen for ReadyToRun methods, end-rundown), with the
    /// IL-to-native maps of methods jitted before the session: they are most of a rundown's bytes, and what gives a
    /// frame of a method jitted before the window its line.
    /// </summary>
    public const long RundownKeyword = 0x80000139 | RuntimeKeywords.ILToNativeMap;

    /// <summary>The session as .NET 9+ takes it (CollectTracing4: a chosen rundown keyword).</summary>
    public static EventPipeSessionConfiguration Configuration() =>
        new(All(), circularBufferSizeMB: 256, rundownKeyword: RundownKeyword, requestStackwalk: true);

    /// <summary>
    /// The same providers in the form every runtime since .NET Core 3 takes (CollectTracing2): the default rundown,
    /// which has the IL-to-native maps too.
    /// </summary>
    public static EventPipeSessionConfiguration LegacyConfiguration() =>
        new(All(), circularBufferSizeMB: 256, requestRundown: true, requestStackwalk: true);

    public static IReadOnlyList<EventPipeProvider> All() =>
    [
        new(SampleProfiler, EventLevel.Informational),
        new(Runtime, EventLevel.Verbose, RuntimeKeywords.Loader | RuntimeKeywords.Jit | RuntimeKeywords.ILToNativeMap | RuntimeKeywords.Contention | RuntimeKeywords.WaitHandle),
        new(Tpl, EventLevel.Verbose, TplTasksKeyword),
        AspNetCoreBridge(),
    ];

    /// <summary>ASP.NET Core's request events through the DiagnosticSource bridge, filtered to the few the join needs.</summary>
    public static EventPipeProvider AspNetCoreBridge() =>
        new(AspNetCoreEvents.BridgeProvider, EventLevel.Informational, AspNetCoreEvents.EventsKeyword,
            new Dictionary<string, string> { ["FilterAndPayloadSpecs"] = AspNetCoreEvents.FilterAndPayloadSpecs });
}
