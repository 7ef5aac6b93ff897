namespace PoolDoctor.Collect.Attach;

/// <summary>The target cannot be found or attached to; the message is one line meant for the user.</summary>
public sealed class AttachException(string message, Exception? inner = null) : Exception(message, inner);
