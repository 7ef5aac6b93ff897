namespace PoolDoctor.Model.Flight;

/// <summary>Threads that began each kind of wait in the second that starts at <see cref="FromSeconds"/>.</summary>
public sealed record WaitSecond(double FromSeconds, int MonitorWait, int WaitHandle, int LockContention);
