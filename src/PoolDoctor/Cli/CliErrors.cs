namespace PoolDoctor.Cli;

/// <summary>The user called a verb wrongly (bad option value, missing target): exit code 2.</summary>
public sealed class UsageException(string message) : Exception(message);

/// <summary>The call was valid but the run could not proceed (no such process, refused connection): exit code 1.</summary>
public sealed class RunFailedException(string message, Exception? inner = null) : Exception(message, inner);
