using System.Globalization;
using PoolDoctor.Model.Verdicts;
using static PoolDoctor.Model.Verdicts.EvidenceKind;

namespace PoolDoctor.Report.Verdicts;

/// <summary>
/// The one place an <see cref="EvidenceItem"/> becomes the sentence people read: the terminal, report.html, JUnit,
/// `detect`, `counters` and report.json's <c>evidence</c> all print these words, so they cannot drift apart. Only
/// formatting happens here; every figure (a wait by Little's law, a threshold times the cores) comes computed in the item.
/// </summary>
public static class EvidenceText
{
    public static IReadOnlyList<string> Lines(Verdict verdict) => [.. verdict.Evidence.Select(Line)];

    public static string Line(EvidenceItem e) => e.Kind switch
    {
        Note => e.Note ?? "",
        NoSampleYet => "no counter sample yet",
        NoSamples => "no counter sample",
        OneSample => "one counter sample so far; trends need two",
        ThreadCount => I($"thread count {F(e):0} = {F(e) / C(e):0.#}x {C(e)} core(s){Trend(e)}"),
        ThreadCountSettled => I($"thread count settled at {F(e):0} = {F(e) / C(e):0.#}x {C(e)} core(s) (>= {e.ThresholdPerCore:0.#}x){Trend(e)}"),
        ThreadsGrowOnDemand => I($"thread count {F(e):0} = {F(e) / C(e):0.#}x {C(e)} core(s) (>= {e.ThresholdPerCore:0.#}x){Trend(e)}, grown on demand with nothing queued under a thread goal of {Get(e, FigureName.ThreadGoal):0}"),
        ThreadGoal => Goal(e),
        ThreadGoalCoversQueue => Goal(e) + ", so every queued item gets one: the pool keeps up",
        QueueLength => Queue(e),
        QueueLengthSustained => Queue(e) + " in the last 2 samples",
        QueueLengthFor => Queue(e) + I($" for {W(e):0} s"),
        QueueFlows => Queue(e) + Flow(e),
        QueueWaitsForCpu => I($"queue length {F(e):0.#} on average over the last samples: work waits for a CPU"),
        QueueNeverDrains => Persistent(e, "never drains"),
        QueueStaysUp => Persistent(e, "stays up"),
        QueueWait => I($"completed {Get(e, FigureName.Completed):0}/s: a queued item waits about {F(e):0.#} s for a thread"),
        QueueWaitMean => I($"completed {Get(e, FigureName.Completed):0}/s for {Get(e, FigureName.QueueMean):0} queued on average: a queued item waits about {F(e):0.#} s for a thread")
            + (e.Get(FigureName.MeasuredDelayMs) is { } measured ? I($" (measured: {measured:0} ms, the median of the samples' p50 queue delay)") : ""),
        QueueDelay => I($"queue delay p50 {F(e):0} ms, p99 {Get(e, FigureName.P99Ms):0} ms, max {Get(e, FigureName.MaxMs):0} ms over {Get(e, FigureName.WorkItems):0} work item(s)")
            + (e.Get(FigureName.QueuedBeforeSession) is { } before ? I($", {before:0} of them queued before the measuring began (their wait counts from then: at least)") : "")
            + ": how long work waited in the pool's queue for a thread",
        Completed => I($"completed {F(e):0}/s"),
        NothingCompleted => "completed 0/s: queued items are not being served",
        CpuBusy => I($"CPU {F(e):0}% of {C(e)} core(s) over the last samples (>= {e.Threshold:0}%): every core is busy"),
        CpuHeldElsewhere => I($"CPU {F(e):0}% of {C(e)} core(s) for this process: other processes hold the rest of the cores"),
        Cpu => I($"CPU {F(e):0}% of {C(e)} core(s)"),
        CpuThreadsWait => I($"CPU {F(e):0}% of {C(e)} core(s)")
            + (e.Get(FigureName.RunnableThreads) is { } r ? I($", {r:0.0} pool thread(s) runnable on average") : "")
            + ": threads wait, they do not compute",
        CpuExtraThreadsWait => I($"CPU {F(e):0}% of {C(e)} core(s): the extra threads mostly wait"),
        PoolComputes => I($"{Get(e, FigureName.CpuPercent):0}% CPU (>= {Get(e, FigureName.CpuThreshold):0}%) with {F(e):0.0} pool thread(s) runnable (>= {e.Threshold:0.#} = {e.ThresholdPerCore:0.#}x {C(e)} core(s)): the pool computes; blocked threads would burn no CPU"),
        RunnableThreads => I($"{F(e):0.0} pool thread(s) runnable on average (threshold {e.Threshold:0.#} = {e.ThresholdPerCore:0.#}x {C(e)} core(s)): threads compute or wait for a CPU, they are not blocked"),
        RunnableOthersBlocked => I($"{F(e):0.0} pool thread(s) runnable on average: the others are blocked"),
        StarvationInjections => I($"{F(e):0} starvation injection(s) in the last {W(e):0} s (event 55, Reason=Starvation: no work item dequeued for 500 ms)"),
        CooperativeBlockingInjections => I($"{F(e):0} cooperative-blocking injection(s) in the last {W(e):0} s (event 55, Reason=CooperativeBlocking: threads blocked in Task.Wait/.Result)"),
        CooperativeBlockingSeen => I($"{F(e):0} cooperative-blocking injection(s) (event 55, Reason=CooperativeBlocking): threads block in Task.Wait/.Result"),
        CooperativeBlockingCompensated => I($"{F(e):0} cooperative-blocking injection(s) in the last {W(e):0} s (event 55, Reason=CooperativeBlocking): pool threads block in Task.Wait/.Result and the runtime adds threads for them"),
        BlockingInjectionsSoFar => I($"{F(e):0} starvation/cooperative-blocking injection(s) so far, the last at {Get(e, FigureName.AtSeconds):0.0} s to {Get(e, FigureName.ThreadGoal):0} threads"),
        StarvationInjectionsDrained => I($"{F(e):0} starvation injection(s) but the queue drained"),
        NoStarvationInjection => "no starvation injection in the window",
        NoStarvationInjectionGate => "no starvation injection: every item finishes within 500 ms of the previous, so the gate thread does not add threads",
        NoInjectionBottleneck => "no starvation injection (items keep completing, so the runtime adds no threads): pool threads are blocked behind a bottleneck",
        InjectionsDidNotDrain => I($"{F(e):0} starvation/cooperative-blocking injection(s) in the window did not drain the queue: pool threads are blocked behind a bottleneck"),
        NotStarving => "not starving: requests are served, but every blocked one holds a thread; a smaller MinThreads or a larger burst starves",
        KeptUpByMinThreads => Blocked(e) + I($"; the pool keeps up only because MinThreads is {e.Threshold:0} ({e.MinThreadsSource})"),
        KeptUpByGrowth => Blocked(e) + I($"; the pool keeps up only because it has grown to {Get(e, FigureName.Threads):0} threads (MinThreads {e.Threshold:0}, {e.MinThreadsSource})"),
        KeptUpByGrowthUnconfigured => Blocked(e) + I($"; the pool keeps up only because it has grown to {Get(e, FigureName.Threads):0} threads")
            + " (no MinThreads configured in the environment or runtimeconfig.json; a SetMinThreads call in code is not visible)",
        QueueCaughtUp => I($"the queue held up to {Get(e, FigureName.QueueMax):0} items over {W(e):0.#} s, but its latest sample moved it in {1000 * F(e):0} ms ({Get(e, FigureName.QueuedNow):0} queued at {Get(e, FigureName.Completed):0} done/s{(e.Get(FigureName.MeasuredDelayMs) is not null ? I($", measured p50 {Get(e, FigureName.MeasuredDelayMs):0} ms") : "")}): a burst the pool caught up with, not starvation"),
        RunQueueHeldElsewhere => I($"pool threads waited {F(e):0} ms/s for a CPU held by other processes and ran {Get(e, FigureName.OnCpuMsPerSecond):0} ms/s ({Get(e, FigureName.MsPerTimeslice):0.00} ms each time) over {W(e):0.#} s, CPU {Get(e, FigureName.CpuPercent):0}% of {C(e)} core(s): the {Get(e, FigureName.RunnableThreads):0.0} runnable threads wait for CPUs, they do not compute"),
        WorkersCompute => I($"pool threads ran {F(e):0} ms/s on a CPU (at or above {e.Threshold:0} = {e.ThresholdPerCore:0} per core), {Get(e, FigureName.OnCpuMsPerThread):0} ms/s each (at or above {Get(e, FigureName.OnCpuThresholdPerThread):0}), and waited {Get(e, FigureName.RunQueueMsPerSecond):0} ms/s in the run queue over {W(e):0.#} s: the queue waits for threads that compute, not for blocked ones"),
        PoolThreadsRun => I($"pool threads ran {F(e):0} ms/s on a CPU ({Get(e, FigureName.MsPerTimeslice):0.00} ms each time) and waited {Get(e, FigureName.RunQueueMsPerSecond):0} ms/s in the run queue over {W(e):0.#} s: they compute"),
        _ => throw new ArgumentOutOfRangeException(nameof(e), e.Kind, "an evidence kind with no sentence"),
    };

    private static string Queue(EvidenceItem e) =>
        I($"queue length {F(e):0} (threshold {e.Threshold:0} = {e.ThresholdPerCore:0.#}x {C(e)} core(s))");

    // Little's law's wait where something completed; the keeps-up threshold only when it, not the thread goal, decided.
    private static string Flow(EvidenceItem e) =>
        (e.Get(FigureName.WaitMs) is { } wait
            ? I($" at {Get(e, FigureName.Completed):0} completed/s: a queued item waits about {wait:0} ms by Little's law")
            : " with nothing completed yet")
        + (e.Get(FigureName.KeepsUpMs) is { } keepsUp ? I($" (under {keepsUp:0} ms): the pool keeps up") : "");

    private static string Goal(EvidenceItem e) =>
        I($"thread goal {F(e):0} (event 55 at {Get(e, FigureName.AtSeconds):0.0} s) above the {Get(e, FigureName.ThreadsAlive):0} threads alive: the pool creates a thread whenever work waits, up to the goal");

    private static string Persistent(EvidenceItem e, string how) =>
        I($"queue {how}: {F(e):0}-{Get(e, FigureName.QueueMax):0} over {W(e):0} s, at or above {e.Threshold:0} (= {e.ThresholdPerCore:0.#}x {C(e)} core(s)) in {Get(e, FigureName.SamplesAtOrAbove):0} of {Get(e, FigureName.Samples):0} samples");

    private static string Blocked(EvidenceItem e) =>
        I($"{F(e):0} pool thread{(F(e) == 1 ? "" : "s")} blocked in {e.Method} ({e.Api})");

    private static string Slope(EvidenceItem e) => I($"{Get(e, FigureName.ThreadSlope):+0.0;-0.0;0.0}");

    // A window of one sample has no slope: "0.0 threads/s over 0 s" read as a measured standstill.
    private static string Trend(EvidenceItem e) => W(e) > 0 ? I($", {Slope(e)} threads/s over {W(e):0.#} s") : ", one sample so far (no trend yet)";

    private static double F(EvidenceItem e) => e.Figure ?? throw Missing(e, "figure");

    private static int C(EvidenceItem e) => e.Cores ?? throw Missing(e, "cores");

    private static double W(EvidenceItem e) => e.WindowSeconds ?? throw Missing(e, "window");

    private static double Get(EvidenceItem e, FigureName name) => e.Get(name) ?? throw Missing(e, name.Name());

    // A rule that leaves out a figure its sentence needs is a bug to see at once, not a sentence with a blank.
    private static InvalidOperationException Missing(EvidenceItem e, string what) =>
        new($"evidence item {e.Kind.Name()} has no {what}");

    private static string I(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
