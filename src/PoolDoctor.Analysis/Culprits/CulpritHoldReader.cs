using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>
/// Reads how a culprit held pool threads over the capture window from when each of its blocked threads was sampled at
/// it (<see cref="SampleSpan"/>). A starving pool adds a thread now and then, and each one takes queued work: the
/// culprit the load's requests reach takes it, so its thread count grows, while a loop that took one pool thread at
/// start-up holds that same thread from the first sample to the last. One second's share cannot tell them apart (the
/// issue 34 capture: a polling loop 33 % on 1 thread, the filter 26 % on 1, 81 requests queued for the filter).
/// </summary>
internal static class CulpritHoldReader
{
    /// <summary>The part of the window at each end in which a thread counts as there at the start or at the end: the
    /// sampler's ticks are not aligned to the window's edges.</summary>
    public const double EdgeFraction = 0.1;

    /// <summary>The least part of a thread's samples taken at the culprit for it to count as held throughout: a thread
    /// that also ran other work during the window was not held permanently.</summary>
    public const double HeldThroughoutShare = 0.8;

    /// <param name="spans">Per blocked thread, its first and last sample at the culprit (seconds from the window's start).</param>
    /// <param name="samplesHere">Per blocked thread, its samples at the culprit.</param>
    /// <param name="threadSamples">Per thread, all its samples in the window.</param>
    /// <param name="servesRequests">Some of the culprit's blocked stacks served a request.</param>
    /// <param name="threads">Every thread blocked at it, the ones seen only in wait events too (untimed).</param>
    /// <param name="windowSeconds">The capture window.</param>
    /// <returns>Null when no blocked thread's samples were timed or the window has no length.</returns>
    public static CulpritHold? Of(
        IReadOnlyDictionary<int, SampleSpan> spans,
        IReadOnlyDictionary<int, long> samplesHere,
        IReadOnlyDictionary<int, long> threadSamples,
        bool servesRequests,
        int threads,
        double windowSeconds)
    {
        if (spans.Count == 0 || windowSeconds <= 0)
        {
            return null;
        }
        var edge = windowSeconds * EdgeFraction;
        var atStart = spans.Values.Count(s => s.FirstSeconds <= edge);
        var atEnd = spans.Values.Count(s => s.LastSeconds >= windowSeconds - edge);
        var joined = spans.Count - atStart;
        var heldThroughout = spans.Count == threads && spans.All(s => s.Value.FirstSeconds <= edge && s.Value.LastSeconds >= windowSeconds - edge
            && samplesHere.GetValueOrDefault(s.Key) >= HeldThroughoutShare * threadSamples.GetValueOrDefault(s.Key));
        var pattern = !servesRequests && (heldThroughout || ConstantSet(spans, samplesHere, threadSamples, atStart, atEnd, threads))
                ? HoldPattern.Permanent
            : joined > 0 && atEnd > atStart ? HoldPattern.Growing
            : HoldPattern.Steady;
        return new CulpritHold(atStart, atEnd, joined, servesRequests, Math.Round(windowSeconds, 3), pattern);
    }

    /// <summary>
    /// A fixed set of workers that hop threads (async loops blocked in <c>BlockingCollection.Take</c>, resumed on whichever
    /// thread is free: Raygun4Net 11.0.3's message workers): no one thread is held throughout, but as many threads are
    /// blocked at it at the window's end as at its start, and together they spent most of the window there.
    /// </summary>
    private static bool ConstantSet(
        IReadOnlyDictionary<int, SampleSpan> spans,
        IReadOnlyDictionary<int, long> samplesHere,
        IReadOnlyDictionary<int, long> threadSamples,
        int atStart,
        int atEnd,
        int threads)
    {
        if (atStart == 0 || atEnd != atStart || spans.Count != threads || threadSamples.Count == 0)
        {
            return false;
        }
        // A thread sampled for the whole window took this many samples: the most any thread took.
        var windowSamples = threadSamples.Values.Max();
        var here = spans.Keys.Sum(t => samplesHere.GetValueOrDefault(t));
        return windowSamples > 0 && here >= ConstantSetOccupancy * atStart * windowSamples;
    }

    /// <summary>How much of <c>threads at start × the window</c> a fixed set of workers must have spent blocked at the
    /// culprit: they rest between waits (Raygun4Net's workers send each message before taking the next: 0.67 of 5
    /// threads), while one thread that spent half its samples on other work is not held (0.5). Calibrated on those two
    /// only.</summary>
    public const double ConstantSetOccupancy = 0.6;

    /// <summary>The stack served a request of the load: ASP.NET Core's events joined one to it that the stack can be
    /// serving (<see cref="RequestJoin"/>), or the web stack's own frames (Kestrel, MVC, SignalR, gRPC's host) are on it.
    /// A hosted service's loop has neither. (A culprit whose entry is a request's serves one too: a handler resumed after
    /// an await has no web frame below it, <see cref="WorkEntry.IsRequest"/>.)</summary>
    public static bool ServesRequest(RequestContext? request, IReadOnlyList<StackFrame> frames) => request is not null
        || frames.Any(f => f.Module.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal)
            || f.Module.StartsWith("Grpc.AspNetCore", StringComparison.Ordinal));
}
