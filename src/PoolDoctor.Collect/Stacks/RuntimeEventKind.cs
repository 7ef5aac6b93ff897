using Microsoft.Diagnostics.Tracing;

namespace PoolDoctor.Collect.Stacks;

internal enum RuntimeEventKind
{
    Other,
    ThreadSample,
    WaitHandleStart,
    WaitHandleStop,
    ContentionStart,
    ContentionStop,
    TaskWaitBegin,
    TaskWaitEnd,
    AspNetCore,
}
