namespace PoolDoctor.Model.Flight;

/// <summary>One thread beginning to block, at <see cref="Seconds"/> on the watch's clock (seconds since attach).</summary>
public sealed record WaitEvent(double Seconds, int ThreadId, WaitKind Kind);
