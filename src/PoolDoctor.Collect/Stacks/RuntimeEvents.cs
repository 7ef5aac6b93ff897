using Microsoft.Diagnostics.Tracing;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Recognises the events a stacks session asks for by provider and event id, the way the runtime defines them, so the
/// reader does not depend on which typed parsers a TraceEvent version happens to know.
/// </summary>
internal static class RuntimeEvents
{
    private const int WaitHandleWaitStartId = 301;
    private const int WaitHandleWaitStopId = 302;
    private const int ContentionStartId = 81;
    private const int ContentionStopId = 91;
    private const int TaskWaitBeginId = 10;
    private const int TaskWaitEndId = 11;

    public static RuntimeEventKind Classify(TraceEvent e) => Classify(e.ProviderName, (int)e.ID);

    public static RuntimeEventKind Classify(string provider, int id)
    {
        if (provider == StackSessionProviders.SampleProfiler)
        {
            return RuntimeEventKind.ThreadSample;
        }
        if (provider == StackSessionProviders.Runtime)
        {
            return id switch
            {
                WaitHandleWaitStartId => RuntimeEventKind.WaitHandleStart,
                WaitHandleWaitStopId => RuntimeEventKind.WaitHandleStop,
                ContentionStartId => RuntimeEventKind.ContentionStart,
                ContentionStopId => RuntimeEventKind.ContentionStop,
                _ => RuntimeEventKind.Other,
            };
        }
        if (IsTpl(provider))
        {
            return id switch
            {
                TaskWaitBeginId => RuntimeEventKind.TaskWaitBegin,
                TaskWaitEndId => RuntimeEventKind.TaskWaitEnd,
                _ => RuntimeEventKind.Other,
            };
        }
        return provider == AspNetCoreEvents.BridgeProvider ? RuntimeEventKind.AspNetCore : RuntimeEventKind.Other;
    }

    // TraceEvent names the TPL provider by its ETW name when it knows the GUID, by the EventSource name otherwise.
    private static bool IsTpl(string provider) =>
        provider == StackSessionProviders.Tpl || provider == "TplEtwProvider";
}
