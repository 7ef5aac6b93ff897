using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Targets;

namespace PoolDoctor.Analysis.Advice;

/// <summary>
/// Puts the stop-gap beside the MinThreads the target already runs with. A target configured at or above the computed
/// value is already running the palliative: advising it again reads as a contradiction ("MinThreads = 209" to a service
/// at 300), so the advice says the setting is what keeps the pool up and that the code is what is left to fix.
/// </summary>
public static class StopGapAgainstConfigured
{
    public static MinThreadsAdvice Apply(MinThreadsAdvice gap, ConfiguredMinThreads? configured)
    {
        if (configured is null)
        {
            return gap;
        }
        var note = configured.Workers >= gap.Value
            ? $"The target already runs with MinThreads {configured.Workers}, at or above this value: "
                + "that setting is what keeps the pool up, and it hides the blocked threads; raising it further fixes nothing. Fix the blocking code."
            : $"The target runs with MinThreads {configured.Workers}, below this value: too few for the blocked work measured here.";
        return gap with { Configured = note + " " + WhereFrom(configured.Source) };
    }

    /// <summary>
    /// Where the minimum came from, as a sentence of its own. The source often carries its own parenthesis ("the
    /// runtime's default (the processor count); read live from the pool"): inside another one it read as nested
    /// brackets, so it follows the verdict on the value instead, with the "; how it was had" tail joined by a comma.
    /// </summary>
    internal static string WhereFrom(string source) => $"Source of that minimum: {source.Replace("; ", ", ", StringComparison.Ordinal).TrimEnd('.')}.";
}
