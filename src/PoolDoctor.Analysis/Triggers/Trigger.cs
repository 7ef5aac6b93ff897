namespace PoolDoctor.Analysis.Triggers;

/// <summary>
/// One parsed `--trigger`: the signal, the comparison, the threshold (queue delays in milliseconds, CPU in percent)
/// and how long the condition must hold (<see cref="Hold"/>, zero = one interval is enough). <see cref="Text"/> is
/// the user's spelling, for log lines.
/// </summary>
public sealed record Trigger(TriggerSignal Signal, TriggerComparison Comparison, double Threshold, TimeSpan Hold, string Text)
{
    public bool IsMet(double value) => Comparison switch
    {
        TriggerComparison.Greater => value > Threshold,
        TriggerComparison.GreaterOrEqual => value >= Threshold,
        TriggerComparison.Less => value < Threshold,
        _ => value <= Threshold,
    };
}
