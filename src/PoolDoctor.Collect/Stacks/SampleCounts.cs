using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// The sample profiler's samples counted per thread, stack and request, as both readers count them
/// (<typeparamref name="TStack"/>: the own reader's stack id or TraceLog's call stack index). A thread's samples taken
/// while it served no known request are relabelled when a request that began before the session ends on that thread.
/// </summary>
internal sealed class SampleCounts<TStack>(RequestTracker requests, bool firstSamplePerThread) where TStack : notnull
{
    private readonly Dictionary<(int Thread, TStack Stack, int Request), int> _samples = [];
    // Per counted key, the times (ms) of its first and last sample: growth over the window is read from them.
    private readonly Dictionary<(int Thread, TStack Stack, int Request), (double First, double Last)> _seen = [];
    private readonly HashSet<int> _sampledThreads = [];
    // Per thread, the samples taken since its last request event while it served no known request.
    private readonly Dictionary<int, Dictionary<TStack, int>> _unknown = [];
    private double _first = double.MaxValue, _last = double.MinValue;

    /// <summary>The seconds from the first sample to the last (0 with fewer than two).</summary>
    public double WindowSeconds => _last >= _first ? (_last - _first) / 1000.0 : 0;

    public void Sample(int thread, TStack stack, double timeMSec)
    {
        _first = Math.Min(_first, timeMSec);
        _last = Math.Max(_last, timeMSec);
        if (!_sampledThreads.Add(thread) && firstSamplePerThread)
        {
            return;
        }
        var key = (thread, stack, requests.At(thread));
        _samples[key] = _samples.GetValueOrDefault(key) + 1;
        _seen[key] = _seen.TryGetValue(key, out var seen) ? (Math.Min(seen.First, timeMSec), Math.Max(seen.Last, timeMSec)) : (timeMSec, timeMSec);
        if (key.Item3 == RequestTracker.None)
        {
            var pending = _unknown.TryGetValue(thread, out var p) ? p : _unknown[thread] = [];
            pending[stack] = pending.GetValueOrDefault(stack) + 1;
        }
    }

    /// <summary>After the tracker took a request event of this thread.</summary>
    public void RequestEvent(int thread)
    {
        if (requests.FinishedUnseen is { } finished && _unknown.TryGetValue(thread, out var served))
        {
            Relabel(thread, served, finished);
        }
        _unknown.Remove(thread);
    }

    /// <summary>The counted stacks, by thread; requests differ by identity while sampling, and equal contexts merge here.</summary>
    public List<ThreadStack> Stacks(Func<TStack, IReadOnlyList<StackFrame>> frames) => _samples
        .GroupBy(s => (s.Key.Thread, s.Key.Stack, Request: requests.Context(s.Key.Request)))
        .Select(g => new ThreadStack(g.Key.Thread, frames(g.Key.Stack), g.Sum(s => s.Value)) { Request = g.Key.Request, Seen = Seen(g.Select(s => s.Key)) })
        .Where(s => s.Frames.Count > 0)
        .OrderBy(s => s.ThreadId)
        .ToList();

    // The span of the merged keys' samples, in seconds from the window's first sample.
    private SampleSpan? Seen(IEnumerable<(int Thread, TStack Stack, int Request)> keys)
    {
        var spans = keys.Where(_seen.ContainsKey).Select(k => _seen[k]).ToList();
        return spans.Count == 0 ? null
            : new SampleSpan(Math.Round((spans.Min(s => s.First) - _first) / 1000.0, 4), Math.Round((spans.Max(s => s.Last) - _first) / 1000.0, 4));
    }

    // A request that ran before the session and ended on this thread: the thread's unlabelled samples since its last
    // request event were that request (a blocked handler resumes and finishes on the thread it blocked).
    private void Relabel(int thread, Dictionary<TStack, int> served, int request)
    {
        foreach (var (stack, count) in served)
        {
            var from = (thread, stack, RequestTracker.None);
            var left = _samples.GetValueOrDefault(from) - count;
            if (left > 0)
            {
                _samples[from] = left;
            }
            else
            {
                _samples.Remove(from);
            }
            var to = (thread, stack, request);
            _samples[to] = _samples.GetValueOrDefault(to) + count;
            // The moved samples' times are not kept one by one: the relabelled key takes the whole span.
            if (_seen.TryGetValue(from, out var moved))
            {
                _seen[to] = _seen.TryGetValue(to, out var had) ? (Math.Min(had.First, moved.First), Math.Max(had.Last, moved.Last)) : moved;
                if (left <= 0)
                {
                    _seen.Remove(from);
                }
            }
        }
    }
}
