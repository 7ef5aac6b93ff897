namespace PoolDoctor.Runs;

/// <summary>The call was valid but the run could not proceed (no such process, refused connection): exit code 1.</summary>
public sealed class RunFailedException(string message, Exception? inner = null) : Exception(message, inner);
