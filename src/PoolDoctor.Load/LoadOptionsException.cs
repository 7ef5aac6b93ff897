namespace PoolDoctor.Load;

/// <summary>The options cannot describe a run (the CLI turns this into a usage error, exit code 2).</summary>
public sealed class LoadOptionsException(string message) : ArgumentException(message);
