using System.Buffers;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// The blocks of a streamed trace still in use: a block's bytes stay until it is parsed and every event it queued
/// has been delivered, then go back to the pool. Events queue only until the next sorted event or sequence point (the
/// runtime writes one at least every few MB of events), so what is held at once is bounded by that span, not by the
/// file's size.
/// </summary>
internal sealed class BlockBuffers
{
    private readonly List<Slot> _slots = [];
    private readonly Stack<int> _free = new();

    /// <summary>Bytes held by blocks not yet released (for the memory bound's test).</summary>
    public long HeldBytes { get; private set; }

    /// <summary>The most bytes ever held at once.</summary>
    public long PeakHeldBytes { get; private set; }

    public int Rent(int size)
    {
        var id = _free.Count > 0 ? _free.Pop() : Add();
        var slot = _slots[id];
        slot.Bytes = ArrayPool<byte>.Shared.Rent(size);
        slot.Pending = 0;
        slot.Parsed = false;
        HeldBytes += slot.Bytes.Length;
        PeakHeldBytes = Math.Max(PeakHeldBytes, HeldBytes);
        return id;
    }

    public byte[] this[int id] => _slots[id].Bytes!;

    /// <summary>An event of the block waits in a queue.</summary>
    public void Hold(int id) => _slots[id].Pending++;

    /// <summary>A queued event of the block was delivered.</summary>
    public void Delivered(int id)
    {
        var slot = _slots[id];
        slot.Pending--;
        ReleaseIfDone(id, slot);
    }

    /// <summary>Every event of the block has been read (some may still wait in queues).</summary>
    public void Parsed(int id)
    {
        var slot = _slots[id];
        slot.Parsed = true;
        ReleaseIfDone(id, slot);
    }

    private void ReleaseIfDone(int id, Slot slot)
    {
        if (slot.Parsed && slot.Pending == 0 && slot.Bytes is { } bytes)
        {
            HeldBytes -= bytes.Length;
            ArrayPool<byte>.Shared.Return(bytes);
            slot.Bytes = null;
            _free.Push(id);
        }
    }

    private int Add()
    {
        _slots.Add(new Slot());
        return _slots.Count - 1;
    }

    private sealed class Slot
    {
        public byte[]? Bytes;
        public int Pending;
        public bool Parsed;
    }
}
