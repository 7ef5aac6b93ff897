namespace PoolDoctor.Tests.Load;

/// <summary>
/// Load-run tests measure what happens within a second or two; they run alone, since a CPU-heavy test class beside them
/// (the IL reader decodes whole framework assemblies) can keep their connection loops from being scheduled at all.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class LoadTimingCollection
{
    public const string Name = "load timing";
}
