namespace PoolDoctor.Model.Advice;

/// <summary>Everything the doctor advises: one fix per culprit, in culprit rank order, and the stop-gap when the pool was blocked.</summary>
public sealed record AdviceSet(IReadOnlyList<CulpritAdvice> Fixes, MinThreadsAdvice? StopGap)
{
    public static AdviceSet None { get; } = new([], null);
}
