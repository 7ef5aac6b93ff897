using PoolDoctor.Model.Flight;

namespace PoolDoctor.Analysis.Flight;

/// <summary>Counts wait events per whole second of the window (seconds with no wait are left out), oldest first.</summary>
public static class WaitSecondCounter
{
    public static IReadOnlyList<WaitSecond> Count(IReadOnlyList<WaitEvent> waits) =>
        [.. waits
            .GroupBy(w => Math.Floor(w.Seconds))
            .OrderBy(g => g.Key)
            .Select(g => new WaitSecond(
                g.Key,
                g.Count(w => w.Kind == WaitKind.MonitorWait),
                g.Count(w => w.Kind == WaitKind.WaitHandle),
                g.Count(w => w.Kind == WaitKind.LockContention)))];
}
