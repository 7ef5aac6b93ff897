namespace PoolDoctor.Analysis.Triggers;

/// <summary>How a trigger compares its signal with the threshold.</summary>
public enum TriggerComparison
{
    Greater,
    GreaterOrEqual,
    Less,
    LessOrEqual,
}
