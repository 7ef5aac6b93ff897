namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// The JIT's map from a method's native code offsets to IL offsets (MethodILToNativeMap), turned around to answer which
/// IL offset a code address was at. The answer matches TraceLog's, so frames get the same source lines: the entry at or
/// before the address, interpolated toward the next when the IL goes forward, minus one (a sampled address is the
/// instruction after the one that ran; a return address the one after the call).
/// </summary>
internal sealed class ILToNativeMap
{
    private readonly (int IL, int Native)[] _entries;
    private readonly int _count;

    public ILToNativeMap(ReadOnlySpan<int> ilOffsets, ReadOnlySpan<int> nativeOffsets)
    {
        _entries = new (int, int)[ilOffsets.Length];
        for (var i = 0; i < ilOffsets.Length; i++)
        {
            // Prolog, epilog and unmapped code have negative IL offsets: left out, they only blur lines.
            if (ilOffsets[i] >= 0)
            {
                _entries[_count++] = (ilOffsets[i], nativeOffsets[i]);
            }
        }
        Array.Sort(_entries, 0, _count, Comparer<(int IL, int Native)>.Create((x, y) => x.Native - y.Native));
    }

    public ulong Start { get; set; }

    public int Length { get; set; }

    public int ILOffset(ulong address)
    {
        if (address < Start || Start + (uint)Length < address)
        {
            return -1;
        }
        var native = (int)(address - Start);
        var at = LastAtOrBefore(native);
        if (at < 0)
        {
            return -1;
        }
        var il = _entries[at].IL;
        var delta = native - _entries[at].Native;
        if (at + 1 < _count && delta != 0)
        {
            var ilToNext = _entries[at + 1].IL - il;
            if (ilToNext <= 0)
            {
                return il;
            }
            var nativeToNext = _entries[at + 1].Native - _entries[at].Native;
            il += (int)(((double)delta) / nativeToNext * ilToNext + .5);
        }
        return il > 0 ? il - 1 : il;
    }

    /// <summary>
    /// The IL offset the JIT gave the code an address is in, as it gave it (no interpolation): for a return address,
    /// the entry that holds the call instruction before it. Code the JIT inlined carries the IL offset of the call
    /// in the root method that it replaced, so this says which of the root's calls a frame is inside. -1 when unmapped.
    /// </summary>
    public int EntryILOffset(ulong address, bool returnAddress)
    {
        if (address < Start || Start + (uint)Length < address)
        {
            return -1;
        }
        var native = (int)(address - Start) - (returnAddress ? 1 : 0);
        var at = LastAtOrBefore(native);
        return at < 0 ? -1 : _entries[at].IL;
    }

    // The last entry whose native offset is at or before the offset (entries are sorted by native offset), or -1.
    private int LastAtOrBefore(int native)
    {
        int low = 0, high = _count - 1, found = -1;
        while (low <= high)
        {
            var mid = (low + high) >>> 1;
            if (_entries[mid].Native <= native)
            {
                found = mid;
                low = mid + 1;
            }
            else
            {
                high = mid - 1;
            }
        }
        return found;
    }
}
