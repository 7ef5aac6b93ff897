using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Report.Stacks;

/// <summary>A merged stack as displayed; <see cref="Group"/> is the analysis's record, frames leaf first.</summary>
public sealed record DisplayGroup(StackGroup Group, IReadOnlyList<DisplayFrame> Frames);
