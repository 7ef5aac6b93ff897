namespace PoolDoctor.Runs;

/// <summary>The user called a verb wrongly (bad option value, missing target): exit code 2.</summary>
public sealed class UsageException(string message) : Exception(message);
