namespace PoolDoctor.Model.Counters;

/// <summary>
/// How long work items waited in the thread pool's queue during one interval, in milliseconds: items dequeued in the
/// interval count with their whole wait, items still queued at its end with their wait so far. <see cref="Items"/> is
/// how many waits the figures are made of.
/// </summary>
public sealed record QueueDelay(double P50, double P99, double Max, int Items);
