namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>What <see cref="NettraceParser"/> hands on: the header once, then every event in time order.</summary>
internal interface INettraceSink
{
    void OnHeader(TraceHeader header);

    void OnEvent(in EventHeader header, EventMetadata metadata, ReadOnlySpan<byte> payload);
}
