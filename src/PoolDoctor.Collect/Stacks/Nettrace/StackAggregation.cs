using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// What the stack reader keeps of a trace's samples, waits and request events, aggregated as each event arrives:
/// samples counted per thread, interned stack and request; waits paired into spans as they end; requests followed as
/// they start and stop. The parser hands events on in timestamp order (per-thread queues merged at each sorted event or
/// sequence point, as TraceEvent orders them), the order this join was always done in, so the result is the one a
/// pass over every kept event gave, while memory follows distinct (thread, stack, request) keys, wait spans and
/// requests, not the number of events. Frames are resolved at the end (<see cref="Stacks"/>, <see cref="Waits"/>),
/// once the rundown has named the methods.
/// </summary>
internal sealed class StackAggregation
{
    private readonly RequestTracker _requests = new();
    private readonly SampleCounts<int> _samples;
    private readonly WaitSpanBuilder<int> _waits;

    /// <param name="serving">What each thread served when the capture began, as an earlier session saw it (null: unknown).</param>
    public StackAggregation(bool firstSamplePerThread, IReadOnlyDictionary<int, ServedRequest>? serving)
    {
        if (serving is not null)
        {
            _requests.Seed(serving);
        }
        _samples = new SampleCounts<int>(_requests, firstSamplePerThread);
        _waits = new WaitSpanBuilder<int>(_requests);
    }

    /// <summary>The events taken (samples, waits, request events).</summary>
    public long Events { get; private set; }

    public double WindowSeconds => _samples.WindowSeconds;

    public void Add(in TraceRow e)
    {
        Events++;
        switch (e.Kind)
        {
            case RuntimeEventKind.ThreadSample:
                if (e.Stack != StackTable.None)
                {
                    _samples.Sample(e.ThreadId, e.Stack, e.TimeMSec);
                }
                break;
            case RuntimeEventKind.AspNetCore:
                if (e.Bridged is { } bridged)
                {
                    _requests.Add(e.ThreadId, bridged);
                }
                _samples.RequestEvent(e.ThreadId);
                break;
            default:
                _waits.Add(e.Kind, e.ThreadId, e.TimeMSec, e.Stack, e.Behavior);
                break;
        }
    }

    public List<ThreadStack> Stacks(Func<int, IReadOnlyList<StackFrame>> frames) => _samples.Stacks(frames);

    /// <summary>The wait spans; a wait still open lasts until <paramref name="traceEndMSec"/>.</summary>
    public IReadOnlyList<WaitSpan> Waits(double traceEndMSec, Func<int, IReadOnlyList<StackFrame>> frames) => _waits.Finish(traceEndMSec, frames);
}
