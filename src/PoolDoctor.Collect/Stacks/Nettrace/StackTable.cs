namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// The stacks of a trace, interned by content: the stream's stack ids restart at every sequence point, while the
/// same call stack recurs across the whole trace, so frames are resolved once per distinct stack. Leaf first.
/// </summary>
internal sealed class StackTable
{
    public const int None = -1;

    private readonly Dictionary<ulong[], int> _byContent = new(new AddressesComparer());
    private readonly List<ulong[]> _stacks = [];
    private readonly Dictionary<uint, int> _byStreamId = [];

    public int Count => _stacks.Count;

    public IReadOnlyList<ulong> this[int stack] => _stacks[stack];

    public void Define(uint streamId, ulong[] addresses)
    {
        if (addresses.Length == 0)
        {
            // An empty stack is no stack (TraceLog gives such an event none either).
            _byStreamId[streamId] = None;
            return;
        }
        if (!_byContent.TryGetValue(addresses, out var stack))
        {
            stack = _stacks.Count;
            _stacks.Add(addresses);
            _byContent[addresses] = stack;
        }
        _byStreamId[streamId] = stack;
    }

    /// <summary>The interned stack for a stream id of the current sequence-point epoch; 0 or unknown ids: none.</summary>
    public int Lookup(uint streamId) => streamId != 0 && _byStreamId.TryGetValue(streamId, out var stack) ? stack : None;

    /// <summary>A sequence point: the writer restarts its stack ids.</summary>
    public void ResetStreamIds() => _byStreamId.Clear();

    private sealed class AddressesComparer : IEqualityComparer<ulong[]>
    {
        public bool Equals(ulong[]? x, ulong[]? y) => x.AsSpan().SequenceEqual(y);

        public int GetHashCode(ulong[] addresses)
        {
            var hash = new HashCode();
            hash.AddBytes(System.Runtime.InteropServices.MemoryMarshal.AsBytes(addresses.AsSpan()));
            return hash.ToHashCode();
        }
    }
}
