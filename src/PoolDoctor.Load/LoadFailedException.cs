namespace PoolDoctor.Load;

/// <summary>The run could not load the target at all, e.g. the first connection was refused (exit code 1 in the CLI).</summary>
public sealed class LoadFailedException(string message, Exception? inner = null) : Exception(message, inner);
