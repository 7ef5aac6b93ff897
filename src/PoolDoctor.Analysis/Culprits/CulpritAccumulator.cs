using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Analysis.Culprits;

/// <summary>One culprit being summed up from many stacks: samples, threads, APIs, wait time, and its best example.</summary>
internal sealed class CulpritAccumulator(string method, BlockingKind kind)
{
    public string Method => method;

    public BlockingKind Kind => kind;

    private long _exampleSamples = -1;
    private IReadOnlyList<CulpritFrame> _example = [];
    private BlockingSite? _exampleSite;
    private readonly Dictionary<WorkEntry, long> _entries = [];

    public long Samples { get; set; }
    public HashSet<int> Threads { get; } = [];

    /// <summary>Per blocked thread whose samples were timed: its first and last sample here (<see cref="CulpritHoldReader"/>).</summary>
    public Dictionary<int, SampleSpan> Spans { get; } = [];

    /// <summary>Per blocked thread: its samples here.</summary>
    public Dictionary<int, long> ThreadSamples { get; } = [];

    /// <summary>Some blocked stack here served a request (<see cref="CulpritHoldReader.ServesRequest"/>).</summary>
    public bool ServesRequests { get; set; }
    public Dictionary<string, double> Apis { get; } = new(StringComparer.Ordinal);
    public Dictionary<WaitSource, double> WaitMsBySource { get; } = [];
    public Dictionary<WaitSource, int> WaitCountBySource { get; } = [];

    /// <summary>What the lock holder blocks in, by weight, when this is a lock whose holder was merged in (<see cref="LockHolders"/>).</summary>
    public Dictionary<string, double> HeldAcross { get; } = new(StringComparer.Ordinal);

    /// <summary>A sampled stack showed the method entering this lock itself (<see cref="BlockingSite.CallsApiDirectly"/>).</summary>
    public bool EntersLockItself { get; set; }

    public void CountApi(string api, double weight) => Apis[api] = Apis.GetValueOrDefault(api) + weight;

    /// <summary>Counts a sampled stack's thread, its samples and when they were taken.</summary>
    /// <param name="servesRequest">The stack served a request (<see cref="CulpritHoldReader.ServesRequest"/>).</param>
    public void CountThread(ThreadStack stack, bool servesRequest)
    {
        Threads.Add(stack.ThreadId);
        ThreadSamples[stack.ThreadId] = ThreadSamples.GetValueOrDefault(stack.ThreadId) + stack.Samples;
        ServesRequests |= servesRequest;
        if (stack.Seen is { } seen)
        {
            Widen(stack.ThreadId, seen);
        }
    }

    private void Widen(int thread, SampleSpan seen) => Spans[thread] = Spans.TryGetValue(thread, out var had)
        ? new SampleSpan(Math.Min(had.FirstSeconds, seen.FirstSeconds), Math.Max(had.LastSeconds, seen.LastSeconds))
        : seen;

    /// <summary>
    /// Takes in the lock holder's blocking in the same method: its samples, threads and wait time count for the lock,
    /// its APIs become what the lock is held across, and the example stays the waiters' (the lock is the finding).
    /// </summary>
    public void AbsorbHolder(CulpritAccumulator holder)
    {
        Samples += holder.Samples;
        Threads.UnionWith(holder.Threads);
        ServesRequests |= holder.ServesRequests;
        foreach (var (thread, seen) in holder.Spans)
        {
            Widen(thread, seen);
        }
        foreach (var (thread, samples) in holder.ThreadSamples)
        {
            ThreadSamples[thread] = ThreadSamples.GetValueOrDefault(thread) + samples;
        }
        foreach (var (api, weight) in holder.Apis)
        {
            HeldAcross[api] = HeldAcross.GetValueOrDefault(api) + weight;
        }
        // Different threads' waits (the holder's and the waiters'), so per source they add up.
        foreach (var (source, ms) in holder.WaitMsBySource)
        {
            WaitMsBySource[source] = WaitMsBySource.GetValueOrDefault(source) + ms;
        }
        foreach (var (entry, count) in holder._entries)
        {
            _entries[entry] = _entries.GetValueOrDefault(entry) + count;
        }
    }

    public void Offer(BlockingSite site, StackReading stack, long samples)
    {
        ServesRequests |= site.Entry?.IsRequest == true;
        if (site.Entry is { } entry)
        {
            _entries[entry] = _entries.GetValueOrDefault(entry) + Math.Max(1, samples);
        }
        // A stack that knows its request beats one that does not, so the example explains as much as possible.
        var better = samples > _exampleSamples
            || (samples == _exampleSamples && _exampleSite?.Entry is null && site.Entry is not null);
        if (better)
        {
            _exampleSamples = samples;
            _example = [.. stack.Frames.Select(f => new CulpritFrame(f.Cleaned, f.Source))];
            _exampleSite = site;
        }
    }

    /// <param name="poolSamples">Every pool-thread sample of the window (the share's denominator).</param>
    /// <param name="hold">How it held its threads over the window (<see cref="CulpritHoldReader"/>), null when untimed.</param>
    public Culprit ToCulprit(long poolSamples, CulpritHold? hold = null)
    {
        // One method may block through more than one API (a poll loop's Thread.Sleep and its final Task.Result):
        // the culprit names the one seen most.
        var api = Apis.OrderByDescending(a => a.Value).ThenBy(a => a.Key, StringComparer.Ordinal).First().Key;
        var share = poolSamples == 0 ? 0 : (double)Samples / poolSamples;
        var waitMs = WaitMsBySource.Count == 0 ? 0 : WaitMsBySource.Values.Max();
        // The wait count of the source whose sum was kept, so WaitMs / WaitCount is that source's mean wait.
        var waitCount = WaitMsBySource.Count == 0 ? 0 : WaitCountBySource.GetValueOrDefault(WaitMsBySource.MaxBy(w => w.Value).Key);
        var entry = _entries.Count == 0 ? null : _entries.OrderByDescending(e => e.Value).ThenBy(e => e.Key.Name, StringComparer.Ordinal).ThenBy(e => e.Key.Kind).First().Key;
        var heldAcross = HeldAcross.Count == 0 ? null
            : HeldAcross.OrderByDescending(a => a.Value).ThenBy(a => a.Key, StringComparer.Ordinal).First().Key;
        return new Culprit(method, kind, api, Threads.Count, share, _example, Math.Round(waitMs, 3))
        {
            HeldAcross = heldAcross,
            Hold = hold,
            Chain = _exampleSite?.Chain ?? [],
            Entry = entry,
            Flavor = _exampleSite?.Flavor ?? FrameFlavor.Method,
            Site = _exampleSite?.Site ?? CallSite.OnStack,
            InTaskRun = _exampleSite?.InTaskRun ?? false,
            WaitCount = waitCount,
            Package = _exampleSite?.Package,
            PackageMethod = _exampleSite?.PackageMethod,
            UserFrame = _exampleSite?.UserFrame,
            ApiTwin = _exampleSite?.ApiTwin,
            PackageTwin = _exampleSite?.PackageTwin,
            UserCallTwin = _exampleSite?.UserCallTwin,
            AwaitedRanSync = _exampleSite?.AwaitedRanSync,
        };
    }
}
