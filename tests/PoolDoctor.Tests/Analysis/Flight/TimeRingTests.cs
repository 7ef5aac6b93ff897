using PoolDoctor.Analysis.Flight;
using PoolDoctor.Model.Flight;

namespace PoolDoctor.Tests.Analysis.Flight;

/// <summary>The flight recorder's ring: both bounds, what eviction counts, and time order kept for late items.</summary>
public class TimeRingTests
{
    private static TimeRing<WaitEvent> Ring(int capacity, double window) => new(capacity, window, w => w.Seconds);

    private static WaitEvent At(double seconds, int thread = 1) => new(seconds, thread, WaitKind.MonitorWait);

    private static IReadOnlyList<double> Times(TimeRing<WaitEvent> ring) => [.. ring.Between(double.MinValue, double.MaxValue).Select(w => w.Seconds)];

    [Fact]
    public void Keeps_only_the_window_behind_the_newest_item()
    {
        var ring = Ring(100, window: 5);
        foreach (var s in new[] { 0.0, 1, 2, 3, 4, 5, 6, 7.5 })
        {
            ring.Add(At(s));
        }
        Assert.Equal([3.0, 4, 5, 6, 7.5], Times(ring));
        Assert.Equal(0, ring.Evicted); // aged out, not pushed out
    }

    [Fact]
    public void The_count_bound_pushes_the_oldest_out_and_counts_it()
    {
        var ring = Ring(4, window: 1_000);
        for (var i = 0; i < 10; i++)
        {
            ring.Add(At(i));
        }
        Assert.Equal([6.0, 7, 8, 9], Times(ring));
        Assert.Equal(4, ring.Count);
        Assert.Equal(6, ring.Evicted);
    }

    [Fact]
    public void A_late_item_goes_in_its_place_and_one_older_than_the_window_is_dropped()
    {
        var ring = Ring(10, window: 5);
        foreach (var s in new[] { 1.0, 2, 4, 5 })
        {
            ring.Add(At(s));
        }
        ring.Add(At(3));
        ring.Add(At(0.5)); // late but inside the window (0..5): kept, in order
        ring.Add(At(9));   // the window moves to 4..9
        ring.Add(At(3.5)); // late and outside the window: dropped
        Assert.Equal([4.0, 5, 9], Times(ring));
    }

    [Fact]
    public void A_late_item_in_a_full_ring_evicts_the_oldest_unless_it_is_the_oldest()
    {
        var ring = Ring(3, window: 100);
        foreach (var s in new[] { 1.0, 2, 3 })
        {
            ring.Add(At(s));
        }
        ring.Add(At(2.5));
        Assert.Equal([2.0, 2.5, 3], Times(ring));
        ring.Add(At(0.5));
        Assert.Equal([2.0, 2.5, 3], Times(ring));
        Assert.Equal(2, ring.Evicted);
    }

    [Fact]
    public void Wraps_around_the_array_in_order()
    {
        var ring = Ring(5, window: 3);
        var added = new List<double>();
        for (var i = 0; i < 40; i++)
        {
            var s = i * 0.7;
            ring.Add(At(s));
            added.Add(s);
            var expected = added.Where(x => x >= s - 3).TakeLast(5).ToList();
            Assert.Equal(expected, Times(ring));
        }
    }

    [Fact]
    public void Expire_ages_out_a_quiet_ring_and_Clear_empties_it()
    {
        var ring = Ring(10, window: 5);
        ring.Add(At(1));
        ring.Add(At(2));
        ring.Expire(1.5);
        Assert.Equal([2.0], Times(ring));
        ring.Clear();
        Assert.Equal(0, ring.Count);
        Assert.Null(ring.OldestSeconds);
    }

    [Fact]
    public void Between_includes_both_ends()
    {
        var ring = Ring(10, window: 50);
        foreach (var s in new[] { 1.0, 2, 3, 4 })
        {
            ring.Add(At(s));
        }
        Assert.Equal([2.0, 3], ring.Between(2, 3).Select(w => w.Seconds));
    }

    [Fact]
    public void A_wait_event_is_as_small_as_the_stated_bound_says()
    {
        // FlightLimits.MaxBytes counts 32 bytes per wait event: measured here, not assumed.
        var events = new WaitEvent[1_000];
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < events.Length; i++)
        {
            events[i] = new WaitEvent(i, i, WaitKind.WaitHandle);
        }
        var perEvent = (GC.GetAllocatedBytesForCurrentThread() - before) / (double)events.Length;
        Assert.InRange(perEvent, 1, 32);
        GC.KeepAlive(events);
    }
}
