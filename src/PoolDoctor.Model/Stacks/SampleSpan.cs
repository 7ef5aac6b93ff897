namespace PoolDoctor.Model.Stacks;

/// <summary>
/// When a thread was sampled with one stack: its first and last such sample, in seconds from the capture's first
/// sample (any thread's). Whether a blocked thread was there from the start or came during the window is read from it.
/// </summary>
public sealed record SampleSpan(double FirstSeconds, double LastSeconds);
