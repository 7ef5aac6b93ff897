using PoolDoctor.Collect.Stacks.Nettrace;
using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Pairs wait start/stop events per thread into <see cref="WaitSpan"/>s carrying the stack at the start. Only
/// synchronous task waits count (an await is not a block). A wait still open when the trace ends lasts until the end.
/// Each span keeps the request its thread served when the wait began; contexts are read at the end, once complete.
/// </summary>
internal sealed class WaitSpanBuilder(FrameResolver frames, RequestTracker requests)
{
    private const int SynchronousBehavior = 1;

    private readonly Dictionary<(int Thread, WaitSource Source), (double Start, int Stack, int Request)> _open = [];
    private readonly List<(WaitSpan Span, int Request)> _spans = [];

    public void Add(in TraceRow e)
    {
        switch (e.Kind)
        {
            case RuntimeEventKind.WaitHandleStart:
                Open(WaitSource.WaitHandle, e);
                break;
            case RuntimeEventKind.WaitHandleStop:
                Close(WaitSource.WaitHandle, e);
                break;
            case RuntimeEventKind.ContentionStart:
                Open(WaitSource.Contention, e);
                break;
            case RuntimeEventKind.ContentionStop:
                Close(WaitSource.Contention, e);
                break;
            case RuntimeEventKind.TaskWaitBegin when e.Behavior == SynchronousBehavior:
                Open(WaitSource.TaskWait, e);
                break;
            case RuntimeEventKind.TaskWaitEnd:
                Close(WaitSource.TaskWait, e);
                break;
        }
    }

    public IReadOnlyList<WaitSpan> Finish(double traceEndMSec)
    {
        foreach (var ((thread, source), (start, stack, request)) in _open)
        {
            _spans.Add((new WaitSpan(thread, source, Math.Max(0, traceEndMSec - start), frames.Frames(stack)), request));
        }
        _open.Clear();
        return [.. _spans.Select(s => s.Span with { Request = requests.Context(s.Request) }).OrderBy(s => s.ThreadId)];
    }

    private void Open(WaitSource source, in TraceRow e) =>
        _open[(e.ThreadId, source)] = (e.TimeMSec, e.Stack, requests.At(e.ThreadId));

    private void Close(WaitSource source, in TraceRow e)
    {
        if (_open.Remove((e.ThreadId, source), out var start))
        {
            _spans.Add((new WaitSpan(e.ThreadId, source, e.TimeMSec - start.Start, frames.Frames(start.Stack)), start.Request));
        }
    }
}
