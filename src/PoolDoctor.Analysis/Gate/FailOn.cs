namespace PoolDoctor.Analysis.Gate;

/// <summary>`diagnose --fail-on`: which diagnoses fail a CI step.</summary>
public enum FailOn
{
    /// <summary>The pool starved (verdict Starving).</summary>
    Starving,
    /// <summary>Pool threads were blocked: Starving, BlockingCompensated, or a culprit holding a real share of the pool.</summary>
    Blocking,
    /// <summary>Anything but a healthy pool: any non-Healthy verdict or any culprit worth advice.</summary>
    Any,
}
