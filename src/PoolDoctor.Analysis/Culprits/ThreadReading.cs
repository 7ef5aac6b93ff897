using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>One sampled stack and how the analysis read it (cleaned frames, user frames, pool thread or not).</summary>
public sealed record ThreadReading(ThreadStack Stack, StackReading Reading);
