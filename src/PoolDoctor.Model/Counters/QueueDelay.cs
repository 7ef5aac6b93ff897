namespace PoolDoctor.Model.Counters;

/// <summary>
/// How long work items waited in the thread pool's queue during one interval, in milliseconds: items dequeued in the
/// interval count with their whole wait, items still queued at its end with their wait so far. <see cref="Items"/> is
/// how many waits the figures are made of. <see cref="QueuedBeforeSession"/> of them were queued before the events that
/// measure the delay began: their enqueue was never seen, so each counts from the session's first event, a lower bound
/// (in a pool stuck before the watch attached, these are nearly all the items that move).
/// </summary>
public sealed record QueueDelay(double P50, double P99, double Max, int Items, int QueuedBeforeSession = 0);
