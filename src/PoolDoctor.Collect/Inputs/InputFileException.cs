namespace PoolDoctor.Collect.Inputs;

/// <summary>An input that cannot be read as given; the message is one line naming the file and what was expected.</summary>
public sealed class InputFileException(string message, Exception? inner = null) : Exception(message, inner);
