using System.Net;
using System.Net.Sockets;
using PoolDoctor.Metrics;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Metrics;

internal static class MetricsFixtures
{
    /// <summary>A state as a watch leaves it after a starving interval and one report.</summary>
    public static WatchState Starving()
    {
        var state = new WatchState();
        state.SetAttached(true);
        var sample = new CounterSample(12, ThreadCount: 15, QueueLength: 114, CompletedPerSecond: 38, CpuPercent: 1, Cores: 2, LockContentionsPerSecond: 0, GcHeapMb: 20);
        InjectionEvent[] injections = [new(11.5, 14, AdjustmentReason.CooperativeBlocking, 3), new(11.7, 15, AdjustmentReason.CooperativeBlocking, 3)];
        state.Observe(new CounterInterval(sample, injections), new Verdict(VerdictKind.Starving, 0.85, VerdictRule.StarvationInjections, [], 12));
        state.ReportWritten(new Culprit("OrdersController.Get", BlockingKind.SyncOverAsync, "Task.Result", 21, 1, []));
        return state;
    }

    public static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
