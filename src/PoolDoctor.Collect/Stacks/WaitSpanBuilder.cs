using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Pairs wait start/stop events per thread into <see cref="WaitSpan"/>s carrying the stack at the start. Only
/// synchronous task waits count (an await is not a block). A wait still open when the trace ends lasts until the end.
/// Each span keeps the request its thread served when the wait began; contexts are read at the end, once complete.
/// Both readers use it: <typeparamref name="TStack"/> is the own reader's stack id or TraceLog's call stack index.
/// </summary>
internal sealed class WaitSpanBuilder<TStack>(Func<TStack, IReadOnlyList<StackFrame>> frames, RequestTracker requests)
{
    private const int SynchronousBehavior = 1;

    private readonly Dictionary<(int Thread, WaitSource Source), (double Start, TStack Stack, int Request)> _open = [];
    private readonly List<(WaitSpan Span, int Request)> _spans = [];

    /// <summary>Whether <see cref="Add"/> reads events of this kind (so a reader need not look up the stack of others).</summary>
    public static bool Reads(RuntimeEventKind kind) => kind is
        RuntimeEventKind.WaitHandleStart or RuntimeEventKind.WaitHandleStop or RuntimeEventKind.ContentionStart or
        RuntimeEventKind.ContentionStop or RuntimeEventKind.TaskWaitBegin or RuntimeEventKind.TaskWaitEnd;

    /// <param name="behavior">TaskWaitBegin's Behavior payload (1 = synchronous); unread for other kinds.</param>
    public void Add(RuntimeEventKind kind, int thread, double timeMSec, TStack stack, int? behavior)
    {
        switch (kind)
        {
            case RuntimeEventKind.WaitHandleStart:
                Open(WaitSource.WaitHandle, thread, timeMSec, stack);
                break;
            case RuntimeEventKind.WaitHandleStop:
                Close(WaitSource.WaitHandle, thread, timeMSec);
                break;
            case RuntimeEventKind.ContentionStart:
                Open(WaitSource.Contention, thread, timeMSec, stack);
                break;
            case RuntimeEventKind.ContentionStop:
                Close(WaitSource.Contention, thread, timeMSec);
                break;
            case RuntimeEventKind.TaskWaitBegin when behavior == SynchronousBehavior:
                Open(WaitSource.TaskWait, thread, timeMSec, stack);
                break;
            case RuntimeEventKind.TaskWaitEnd:
                Close(WaitSource.TaskWait, thread, timeMSec);
                break;
        }
    }

    public IReadOnlyList<WaitSpan> Finish(double traceEndMSec)
    {
        foreach (var ((thread, source), (start, stack, request)) in _open)
        {
            _spans.Add((new WaitSpan(thread, source, Math.Max(0, traceEndMSec - start), frames(stack)), request));
        }
        _open.Clear();
        return [.. _spans.Select(s => s.Span with { Request = requests.Context(s.Request) }).OrderBy(s => s.ThreadId)];
    }

    private void Open(WaitSource source, int thread, double timeMSec, TStack stack) =>
        _open[(thread, source)] = (timeMSec, stack, requests.At(thread));

    private void Close(WaitSource source, int thread, double timeMSec)
    {
        if (_open.Remove((thread, source), out var start))
        {
            _spans.Add((new WaitSpan(thread, source, timeMSec - start.Start, frames(start.Stack)), start.Request));
        }
    }
}
