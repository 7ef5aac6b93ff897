using System.Text.Json;
using PoolDoctor.Analysis.Flight;
using PoolDoctor.Model.Counters;
using PoolDoctor.Model.Flight;

namespace PoolDoctor.Tests.Analysis.Flight;

/// <summary>
/// `fixtures/flight/taskwait-onset.json`: what `watch --flight-recorder 30s` recorded beside the lab on this 2-core
/// machine when 125 connections arrived on `taskwait` (Task.Result) about 12 s after attach: counter samples and
/// injections as the report held them, and every wait event the recorder read (a timer's WaitHandle waits and one
/// thread's Monitor.Wait once a second, then the burst). Replayed through the recorder as the watch feeds it.
/// </summary>
public class FlightRecorderTests
{
    private sealed record Recorded(int Cores, double TriggerSeconds, IReadOnlyList<CounterSample> Samples, IReadOnlyList<InjectionEvent> Injections, IReadOnlyList<WaitEvent> Waits);

    private static Recorded Load()
    {
        using var json = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "fixtures", "flight", "taskwait-onset.json")));
        var root = json.RootElement;
        var cores = root.GetProperty("cores").GetInt32();
        var samples = root.GetProperty("samples").EnumerateArray().Select(s => new CounterSample(
            s.GetProperty("seconds").GetDouble(), s.GetProperty("threadCount").GetDouble(), s.GetProperty("queueLength").GetDouble(),
            s.GetProperty("completedPerSecond").GetDouble(), s.GetProperty("cpuPercent").GetDouble(), cores, 0, 0)).ToList();
        var injections = root.GetProperty("injections").EnumerateArray().Select(i => new InjectionEvent(
            i.GetProperty("seconds").GetDouble(), i.GetProperty("newWorkerThreadCount").GetInt32(),
            Enum.Parse<AdjustmentReason>(i.GetProperty("reason").GetString()!), i.GetProperty("averageThroughput").GetDouble())).ToList();
        var waits = root.GetProperty("waits").EnumerateArray().Select(w => new WaitEvent(
            w.GetProperty("seconds").GetDouble(), w.GetProperty("thread").GetInt32(), Enum.Parse<WaitKind>(w.GetProperty("kind").GetString()!))).ToList();
        return new Recorded(cores, root.GetProperty("triggerSeconds").GetDouble(), samples, injections, waits);
    }

    // As WatchRun feeds it: each interval's waits, then the interval (its sample moves the clock).
    private static FlightRecorder Replay(Recorded r, double window)
    {
        var recorder = new FlightRecorder(new FlightLimits(window), r.Cores);
        var previous = double.NegativeInfinity;
        foreach (var sample in r.Samples)
        {
            foreach (var wait in r.Waits.Where(w => w.Seconds > previous && w.Seconds <= sample.Seconds))
            {
                recorder.Add(wait);
            }
            recorder.Add(new CounterInterval(sample, [.. r.Injections.Where(i => i.Seconds > previous && i.Seconds <= sample.Seconds)]));
            previous = sample.Seconds;
        }
        return recorder;
    }

    [Fact]
    public void The_onset_is_the_queues_jump_and_the_Monitor_Wait_burst_not_the_timers_background_waits()
    {
        var r = Load();
        var flight = Replay(r, window: 30).Snapshot(r.TriggerSeconds);

        Assert.Equal(r.Samples[0].Seconds, flight.FromSeconds);
        Assert.Equal(r.Samples.Count, flight.Samples.Count);
        var onset = flight.Onset;
        // The last calm sample and the first queued one, as recorded (queue 0, then 123).
        Assert.Equal(r.Samples.Last(s => s.QueueLength == 0).Seconds, onset.LastCalmSeconds);
        Assert.Equal(r.Samples.First(s => s.QueueLength > r.Cores).Seconds, onset.QueueGrowingSinceSeconds);
        // Task.Result's Monitor.Wait rose from its 1/s background; the timer's paired WaitHandle waits did not count as a burst.
        var monitor = Assert.Single(onset.FirstWaits, w => w.Kind == WaitKind.MonitorWait);
        Assert.InRange(monitor.FirstSeconds, onset.QueueGrowingSinceSeconds!.Value, r.TriggerSeconds);
        Assert.True(monitor.Count >= 10, $"{monitor.Count} Monitor.Wait in the burst");
        Assert.InRange(monitor.BaselinePerSecond, 0.5, 1.5);
        Assert.All(onset.FirstWaits, w => Assert.True(w.FirstSeconds > onset.LastCalmSeconds, $"{w.Kind} at {w.FirstSeconds}"));
        Assert.NotNull(onset.FirstStarvationInjectionSeconds);
        Assert.Equal(r.Waits.Count(w => w.Seconds >= flight.FromSeconds && w.Seconds <= r.TriggerSeconds),
            flight.Waits.Sum(s => s.MonitorWait + s.WaitHandle + s.LockContention));
    }

    [Fact]
    public void A_short_window_keeps_only_its_seconds_and_loses_the_calm_before()
    {
        var r = Load();
        var flight = Replay(r, window: 2).Snapshot(r.TriggerSeconds);

        Assert.True(flight.FromSeconds >= r.TriggerSeconds - 2);
        Assert.All(flight.Samples, s => Assert.InRange(s.Seconds, r.TriggerSeconds - 2, r.TriggerSeconds));
        Assert.True(flight.Samples.Count <= 3);
    }

    [Fact]
    public void The_wait_bound_evicts_and_says_how_many()
    {
        var r = Load();
        var recorder = new FlightRecorder(new FlightLimits(600), r.Cores);
        for (var i = 0; i < FlightLimits.MaxWaits + 100; i++)
        {
            recorder.Add(new WaitEvent(i * 0.001, 1, WaitKind.WaitHandle));
        }
        Assert.Equal(FlightLimits.MaxWaits, recorder.WaitCount);
        Assert.Equal(100, recorder.Snapshot(100).EvictedWaits);
    }

    [Fact]
    public void Shifted_moves_every_moment_alike()
    {
        var r = Load();
        var flight = Replay(r, window: 30).Snapshot(r.TriggerSeconds);
        var moved = flight.Shifted(-5);

        Assert.Equal(flight.TriggerSeconds - 5, moved.TriggerSeconds);
        Assert.Equal(flight.Onset.QueueGrowingSinceSeconds - 5, moved.Onset.QueueGrowingSinceSeconds);
        Assert.Equal(flight.Onset.FirstWaits.Select(w => w.FirstSeconds - 5), moved.Onset.FirstWaits.Select(w => w.FirstSeconds));
        Assert.Equal(flight.Samples.Select(s => s.Seconds - 5), moved.Samples.Select(s => s.Seconds));
    }

    [Fact]
    public void Without_a_calm_sample_the_span_is_the_whole_window_and_nothing_is_background()
    {
        CounterSample Queued(double s) => new(s, 50, 100, 10, 5, 2, 0, 0);
        var waits = Enumerable.Range(0, 8).Select(i => new WaitEvent(1 + i * 0.01, i, WaitKind.LockContention)).ToList();
        var onset = OnsetFinder.Find([Queued(1), Queued(2), Queued(3)], [], waits, fromSeconds: 0.5, triggerSeconds: 3, cores: 2);

        Assert.Null(onset.LastCalmSeconds);
        Assert.Equal(1, onset.QueueGrowingSinceSeconds);
        Assert.Equal(0.5, onset.SpanFromSeconds);
        var lockWait = Assert.Single(onset.FirstWaits);
        Assert.Equal((WaitKind.LockContention, 1.0, 8, 0.0), (lockWait.Kind, lockWait.FirstSeconds, lockWait.Count, lockWait.BaselinePerSecond));
    }
}
