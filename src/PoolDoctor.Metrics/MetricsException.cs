namespace PoolDoctor.Metrics;

/// <summary>A metrics endpoint or exporter could not start; the message is the one line the user sees.</summary>
public sealed class MetricsException(string message, Exception? inner = null) : Exception(message, inner);
