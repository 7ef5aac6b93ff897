using PoolDoctor.Model.Stacks;

namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Pairs wait start/stop events per thread into <see cref="WaitSpan"/>s carrying the stack at the start. Only
/// synchronous task waits count (an await is not a block). A wait still open when the trace ends lasts until the end.
/// Each span keeps the request its thread served when the wait began; contexts are read at the end, once complete.
/// Spans keep the stack id, not its frames: the own reader pairs waits while the file streams, before the rundown at
/// its end names the methods, so frames are resolved in <see cref="Finish"/>.
/// Both readers use it: <typeparamref name="TStack"/> is the own reader's stack id or TraceLog's call stack index.
/// </summary>
internal sealed class WaitSpanBuilder<TStack>(RequestTracker requests)
{
    private const int SynchronousBehavior = 1;

    private readonly Dictionary<(int Thread, WaitSource Source), (double Start, TStack Stack, int Request)> _open = [];
    private readonly List<ClosedWait> _spans = [];

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

    /// <summary>The number of waits paired so far (each is one span of the snapshot).</summary>
    public int Closed => _spans.Count;

    public IReadOnlyList<WaitSpan> Finish(double traceEndMSec, Func<TStack, IReadOnlyList<StackFrame>> frames)
    {
        foreach (var ((thread, source), (start, stack, request)) in _open)
        {
            _spans.Add(new ClosedWait(thread, source, start, Math.Max(0, traceEndMSec - start), stack, request));
        }
        _open.Clear();
        return [.. _spans
            .Select(s => new WaitSpan(s.Thread, s.Source, s.DurationMSec, frames(s.Stack)) { Request = requests.Context(s.Request), StartMs = s.StartMSec })
            .OrderBy(s => s.ThreadId)];
    }

    private void Open(WaitSource source, int thread, double timeMSec, TStack stack) =>
        _open[(thread, source)] = (timeMSec, stack, requests.At(thread));

    private void Close(WaitSource source, int thread, double timeMSec)
    {
        if (_open.Remove((thread, source), out var start))
        {
            _spans.Add(new ClosedWait(thread, source, start.Start, timeMSec - start.Start, start.Stack, start.Request));
        }
    }

    private readonly record struct ClosedWait(int Thread, WaitSource Source, double StartMSec, double DurationMSec, TStack Stack, int Request);
}
