using PoolDoctor.Analysis.Culprits;
using PoolDoctor.Model.Stacks;
using PoolDoctor.Report.Stacks;
using PoolDoctor.Tests.Analysis.Packages;

namespace PoolDoctor.Tests.Analysis.Culprits;

/// <summary>
/// A package's background worker on threads that had started requests (the public Raygun4Net 11.0.3, recorded warmed):
/// its message workers loop on pool threads in <c>BlockingCollection.Take</c>, and the collector's join gave their
/// samples the <c>POST /orders</c> each thread had started before the request's handler awaited and left it. The entry
/// is the worker's own, as data (<see cref="EntryKind.BackgroundWorker"/>), and the worker serves no request.
/// </summary>
public sealed class PackageWorkerEntryTests
{
    private static readonly Lazy<StackSnapshot> Recorded = new(() => PackageFixtures.Read(PackageFixtures.RaygunWarmed));

    private const string Worker = "ThrottledBackgroundMessageProcessor.RaygunMessageWorker";

    [Fact]
    public void The_workers_entry_is_its_own_not_the_request_its_threads_had_started()
    {
        // The capture does join the worker's samples to the request: the rule, not the fixture, takes it off.
        Assert.Contains(Recorded.Value.Stacks, s => s.Request is { Path: "/orders" }
            && s.Frames.Any(f => f.Method.Contains("RaygunMessageWorker", StringComparison.Ordinal)));

        var worker = Assert.Single(CulpritAnalyzer.Analyze(Recorded.Value).Culprits, c => c.Method == Worker);

        Assert.Equal(new WorkEntry(EntryKind.BackgroundWorker, "ThrottledBackgroundMessageProcessor.RaygunMessageWorker (async)"), worker.Entry);
        Assert.False(worker.Hold!.ServesRequests, $"{worker.Hold}");
        Assert.Equal("ThrottledBackgroundMessageProcessor.RaygunMessageWorker (async)", EntryText.Of(worker.Entry));
    }

    [Fact]
    public void The_workers_hold_a_constant_set_of_threads_and_still_rank_first()
    {
        // The workers hop threads (each send resumes elsewhere), so no one thread is held throughout; as many are blocked
        // at the window's end as at its start. What the requests wait in (a timer-queue lock inside Task.Delay, Kestrel's
        // pipe lock) is waited in for moments: none holds a thread at the window's end, so it does not rank above them.
        var culprits = CulpritAnalyzer.Analyze(Recorded.Value).Culprits;

        var worker = culprits[0];
        Assert.Equal(Worker, worker.Method);
        Assert.Equal(HoldPattern.Permanent, worker.Hold!.Pattern);
        Assert.True(worker.Hold.ThreadsAtStart > 1, $"{worker.Hold}");
        Assert.StartsWith($"holds {worker.Hold.ThreadsAtStart} pool threads permanently", CulpritHoldText.Of(worker), StringComparison.Ordinal);
    }

    [Fact]
    public void The_requests_own_culprits_keep_the_route_as_a_request_entry()
    {
        var culprits = CulpritAnalyzer.Analyze(Recorded.Value).Culprits;

        var handler = Assert.Single(culprits, c => c.Method == "InventoryClient.ReserveAsync");
        Assert.Equal(new WorkEntry(EntryKind.Request, "POST /orders"), handler.Entry);
        Assert.True(handler.Hold!.ServesRequests);
    }
}
