namespace PoolDoctor.Fix;

/// <summary>A fix that cannot be made mechanically, with the one line that says what and where. Thrown inside the
/// engine and turned into <see cref="FixPlan.Refusal"/> at its edge; it never reaches the user as a stack trace.</summary>
public sealed class FixRefusedException(string line) : Exception(line);
