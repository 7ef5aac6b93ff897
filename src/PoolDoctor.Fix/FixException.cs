namespace PoolDoctor.Fix;

/// <summary>A fix that cannot be made as asked, with the one line that says why (the CLI prints it and exits 1).</summary>
public sealed class FixException(string message) : Exception(message);
