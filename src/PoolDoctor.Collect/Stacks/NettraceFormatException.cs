namespace PoolDoctor.Collect.Stacks;

/// <summary>A trace file that cannot be read: not a nettrace, corrupt or cut short. The message is one line for the user.</summary>
public class NettraceFormatException(string message, Exception? inner = null) : Exception(message, inner);
