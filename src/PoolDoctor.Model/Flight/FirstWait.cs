namespace PoolDoctor.Model.Flight;

/// <summary>
/// One kind of blocking call that rose in the run-up to a trigger: where its burst began (<see cref="FirstSeconds"/>, the
/// burst's first wait), how many threads began that wait from then to the trigger, and how often it happened per second
/// before the onset span (its background level, so a wait a healthy service does all the time is not taken for the onset).
/// </summary>
public sealed record FirstWait(WaitKind Kind, double FirstSeconds, int Count, double BaselinePerSecond);
