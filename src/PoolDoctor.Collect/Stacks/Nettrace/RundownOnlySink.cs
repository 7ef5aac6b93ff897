namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// Passes only a second file's rundown events (method and module names) to the main file's sink, and keeps the main
/// file's header (its clock): the census takes rundowns in short sessions of their own while the process runs, since
/// a test host is ended by its runner without the rundown a stopped session writes.
/// </summary>
internal sealed class RundownOnlySink(INettraceSink inner) : INettraceSink
{
    public void OnHeader(TraceHeader header)
    {
    }

    public void OnEvent(in EventHeader header, EventMetadata metadata, ReadOnlySpan<byte> payload)
    {
        if (metadata.Provider == StackTraceEvents.RundownProvider)
        {
            inner.OnEvent(header, metadata, payload);
        }
    }
}
