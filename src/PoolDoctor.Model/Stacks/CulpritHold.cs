namespace PoolDoctor.Model.Stacks;

/// <summary>
/// How a culprit held pool threads over the capture window, read from when each blocked thread was sampled at it:
/// how many were blocked at it at the window's start and at its end, how many came to it during the window, and
/// whether its blocked work served the load's requests. One second's share ranks a constant blocker (one thread
/// polling since start-up) like one that takes every thread the pool adds; this tells them apart.
/// </summary>
/// <param name="ThreadsAtStart">Threads blocked at it within the window's first tenth.</param>
/// <param name="ThreadsAtEnd">Threads blocked at it within the window's last tenth.</param>
/// <param name="ThreadsJoined">Threads first blocked at it after the window's first tenth.</param>
/// <param name="ServesRequests">Some of its blocked stacks served a request (ASP.NET Core's frames or events).</param>
/// <param name="WindowSeconds">The capture window the figures are over.</param>
/// <param name="Pattern">What the figures say: growing, steady or permanent.</param>
public sealed record CulpritHold(
    int ThreadsAtStart,
    int ThreadsAtEnd,
    int ThreadsJoined,
    bool ServesRequests,
    double WindowSeconds,
    HoldPattern Pattern);
