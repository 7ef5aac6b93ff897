namespace PoolDoctor.Collect.Dumps;

/// <summary>A file that is not a readable core dump of a .NET process; the message is one line for the user.</summary>
public sealed class DumpFormatException(string message, Exception? inner = null) : Exception(message, inner);
