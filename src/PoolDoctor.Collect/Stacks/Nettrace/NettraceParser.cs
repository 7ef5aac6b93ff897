using System.Text;
using PoolDoctor.Model;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// Reads a nettrace stream (formats 4 and 5, what the runtime's EventPipe writes, .NET 5 to 10): the FastSerialization
/// objects (Trace, MetadataBlock, StackBlock, EventBlock, SPBlock), compressed event headers, interned stacks. Events
/// reach the sink in time order: each capture thread's events queue until a sorted event or a sequence point says
/// that everything earlier has arrived, then the queues merge by timestamp, as TraceEvent orders them.
/// The file is streamed block by block (<see cref="BlockBuffers"/>): memory follows the span between sequence points,
/// not the file's size. A newer format (6, NetTrace's block layout without FastSerialization) ends in
/// <see cref="NettraceVersionException"/> before anything is read, so the caller can hand the file to TraceEvent.
/// </summary>
internal sealed class NettraceParser
{
    public const int MinFormat = 4;
    public const int MaxFormat = 5;
    private static readonly byte[] Magic = Encoding.ASCII.GetBytes("Nettrace");
    private static readonly byte[] SerializerName = Encoding.ASCII.GetBytes("!FastSerialization.1");
    private const byte NullReferenceTag = 1;
    private const byte BeginPrivateObjectTag = 5;
    private const byte EndObjectTag = 6;
    private const ushort CompressedHeadersFlag = 1;
    private const int MaxTypeNameLength = 64;

    private readonly StreamCursor _input;
    private readonly INettraceSink _sink;
    private readonly StackTable _stacks;
    private readonly BlockBuffers _blocks = new();
    private readonly Dictionary<int, EventMetadata> _metadata = [];
    private readonly Dictionary<long, Queue<EventHeader>> _queues = [];
    private readonly PriorityQueue<Queue<EventHeader>, long> _merge = new();
    private TraceHeader? _header;

    private NettraceParser(Stream stream, INettraceSink sink, StackTable stacks)
    {
        _input = new StreamCursor(stream);
        _sink = sink;
        _stacks = stacks;
    }

    /// <summary>Bytes of blocks still held (0 once the stream is read).</summary>
    public long HeldBlockBytes => _blocks.HeldBytes;

    /// <summary>Bytes of blocks held at once at most during the last <see cref="Parse(Stream, INettraceSink, StackTable)"/> (the memory bound).</summary>
    public long PeakBlockBytes => _blocks.PeakHeldBytes;

    /// <summary>Reads the whole stream; a stream cut short fails like a damaged one (TraceLog refused such files too:
    /// without the rundown at its end no frame has a name).</summary>
    public static NettraceParser Parse(Stream stream, INettraceSink sink, StackTable stacks)
    {
        var parser = new NettraceParser(stream, sink, stacks);
        parser.Run();
        return parser;
    }

    /// <summary>
    /// Reads a stream that may end inside its last object (a census session whose process exited: the runtime's exit
    /// cuts the stream, the rundown is not written): every complete block is read, the cut one is dropped. Damage
    /// before the end still fails.
    /// </summary>
    public static NettraceParser ParseUntilCut(Stream stream, INettraceSink sink, StackTable stacks)
    {
        var parser = new NettraceParser(stream, sink, stacks) { _untilCut = true };
        parser.Run();
        return parser;
    }

    /// <summary>
    /// Reads only the method and module events of a rundown-only session's file into <paramref name="sink"/> (after the
    /// main file), so its rundown names the addresses the main file's stacks hold; its stack blocks are skipped (their
    /// ids would overwrite the main file's).
    /// </summary>
    public static NettraceParser ParseRundown(Stream stream, INettraceSink sink, StackTable stacks)
    {
        var parser = new NettraceParser(stream, new RundownOnlySink(sink), stacks) { _untilCut = true, _skipStacks = true };
        parser.Run();
        return parser;
    }

    private bool _untilCut;
    private bool _skipStacks;

    private sealed class CutShortException : Exception;

    public static NettraceParser Parse(byte[] data, INettraceSink sink, StackTable stacks) =>
        Parse(new MemoryStream(data, writable: false), sink, stacks);

    private void Run()
    {
        Span<byte> magic = stackalloc byte[Magic.Length];
        if (_input.Remaining < Magic.Length)
        {
            throw NotNettrace();
        }
        _input.Read(magic);
        if (!magic.SequenceEqual(Magic))
        {
            throw NotNettrace();
        }
        var nameLength = _input.I32();
        if (nameLength == 0)
        {
            // Format 6 and later: a zero where the serializer's name was, then the major version.
            throw new NettraceVersionException(_input.Remaining >= 4 ? _input.I32() : 0);
        }
        Span<byte> name = stackalloc byte[SerializerName.Length];
        if (nameLength != SerializerName.Length || _input.Remaining < nameLength)
        {
            throw _input.Damaged("the serializer name is not '!FastSerialization.1'");
        }
        _input.Read(name);
        if (!name.SequenceEqual(SerializerName))
        {
            throw _input.Damaged("the serializer name is not '!FastSerialization.1'");
        }
        while (true)
        {
            if (_untilCut && _input.Remaining == 0)
            {
                break;
            }
            var tag = _input.U8();
            if (tag == NullReferenceTag)
            {
                break;
            }
            try
            {
                ReadObject(tag);
            }
            catch (NettraceFormatException) when (_untilCut && _input.Remaining == 0)
            {
                break;
            }
            catch (CutShortException)
            {
                break;
            }
        }
        Flush();
    }

    private static NettraceFormatException NotNettrace() => new("not a nettrace file (it does not start with the 'Nettrace' magic)");

    private void ReadObject(byte tag)
    {
        if (tag != BeginPrivateObjectTag || _input.U8() != BeginPrivateObjectTag || _input.U8() != NullReferenceTag)
        {
            throw _input.Damaged("an object does not start with its type");
        }
        var version = _input.I32();
        var minReaderVersion = _input.I32();
        var nameLength = _input.I32();
        if (nameLength is < 0 or > MaxTypeNameLength)
        {
            throw _input.Damaged("an object type name has an impossible length");
        }
        Span<byte> nameBytes = stackalloc byte[nameLength];
        _input.Read(nameBytes);
        var name = Encoding.ASCII.GetString(nameBytes);
        Expect(EndObjectTag);
        if (name == "Trace")
        {
            // Only the versioned header of format 6 and later goes to TraceEvent (found by fuzzing: TraceEvent's
            // FastSerialization reader ran out of memory on a damaged Trace object that claimed a newer reader).
            if (version < MinFormat || minReaderVersion > MaxFormat)
            {
                throw new NettraceFormatException($"nettrace format {version} is not supported (formats {MinFormat}-{MaxFormat} are, what the .NET runtime writes)");
            }
            ReadTrace();
        }
        else
        {
            if (_header is null)
            {
                // The name is the file's bytes: escaped, so that the refusal stays one line (found by fuzzing).
                throw _input.Damaged($"an object named '{OneLineText.Escape(name)}' comes before the Trace object");
            }
            var size = _input.I32();
            while (_input.Offset % 4 != 0)
            {
                _input.Skip(1);
            }
            if (_untilCut && size >= 0 && size + 1 > _input.Remaining)
            {
                throw new CutShortException();
            }
            if (size < 0 || size > _input.Remaining)
            {
                throw _input.Damaged($"a block of {size} bytes runs past the end of the file");
            }
            ReadBlock(name, size);
        }
        Expect(EndObjectTag);
    }

    private void Expect(byte tag)
    {
        if (_input.U8() != tag)
        {
            throw _input.Damaged("an object is not closed where its size says");
        }
    }

    private void ReadTrace()
    {
        _input.Skip(16); // SYSTEMTIME of the sync point
        var syncQpc = _input.I64();
        var frequency = _input.I64();
        var pointerSize = _input.I32();
        var processId = _input.I32();
        _input.Skip(8); // processors, sampling rate
        if (frequency <= 0 || pointerSize is not (4 or 8))
        {
            throw _input.Damaged("the Trace object has an impossible clock or pointer size");
        }
        _header = new TraceHeader(syncQpc, frequency, pointerSize, processId);
        _sink.OnHeader(_header);
    }

    private void ReadBlock(string name, int size)
    {
        switch (name)
        {
            case "EventBlock":
            case "MetadataBlock":
            case "StackBlock":
                var origin = _input.Offset;
                var id = _blocks.Rent(size);
                _input.Read(_blocks[id].AsSpan(0, size));
                try
                {
                    var block = new ByteReader(_blocks[id].AsSpan(0, size), origin);
                    if (name == "StackBlock")
                    {
                        if (!_skipStacks)
                        {
                            ReadStacks(block);
                        }
                    }
                    else
                    {
                        ReadEvents(block, id, origin, metadata: name == "MetadataBlock");
                    }
                }
                finally
                {
                    _blocks.Parsed(id);
                }
                break;
            case "SPBlock":
                // Everything before a sequence point has arrived; the writer restarts its stack ids after it.
                _input.Skip(size);
                Flush();
                _stacks.ResetStreamIds();
                break;
            default:
                _input.Skip(size); // an object this reader does not use
                break;
        }
    }

    private void ReadStacks(ByteReader block)
    {
        var first = block.U32();
        var count = block.U32();
        var pointerSize = _header!.PointerSize;
        for (uint i = 0; i < count; i++)
        {
            var size = block.I32();
            var bytes = block.Take(size);
            if (size % pointerSize != 0)
            {
                throw block.Damaged("a stack's size is not a whole number of addresses");
            }
            var addresses = new ulong[size / pointerSize];
            for (var f = 0; f < addresses.Length; f++)
            {
                addresses[f] = pointerSize == 8
                    ? System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(bytes[(f * 8)..])
                    : System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes[(f * 4)..]);
            }
            _stacks.Define(unchecked(first + i), addresses);
        }
    }

    private void ReadEvents(ByteReader block, int blockId, long origin, bool metadata)
    {
        var headerSize = block.U16();
        var flags = block.U16();
        if (headerSize < 20)
        {
            throw block.Damaged("an event block's header is too short");
        }
        block.Skip(headerSize - 4);
        if ((flags & CompressedHeadersFlag) == 0)
        {
            throw block.Damaged("uncompressed event headers (not written by any supported runtime)");
        }
        var bytes = _blocks[blockId];
        var header = default(EventHeader);
        header.Block = blockId;
        var queue = (Queue<EventHeader>?)null;
        while (block.Remaining > 0)
        {
            header.ReadCompressed(ref block);
            header.PayloadStart = block.Position;
            header.FileOffset = origin + block.Position;
            block.Skip(header.PayloadSize);
            if (metadata)
            {
                var (id, row) = MetadataParser.Read(bytes.AsSpan(header.PayloadStart, header.PayloadSize), header.FileOffset);
                _metadata[id] = row;
                continue;
            }
            header.Stack = _stacks.Lookup(header.StreamStackId);
            queue ??= Queue(header.CaptureThreadId);
            if (header.IsSorted)
            {
                queue = Queue(header.CaptureThreadId);
                Dispatch(header.Timestamp);
                Deliver(header, queued: false);
            }
            else
            {
                queue.Enqueue(header);
                _blocks.Hold(blockId);
            }
        }
    }

    private Queue<EventHeader> Queue(long captureThread)
    {
        if (!_queues.TryGetValue(captureThread, out var queue))
        {
            queue = new Queue<EventHeader>();
            _queues[captureThread] = queue;
        }
        return queue;
    }

    private void Flush() => Dispatch(long.MaxValue);

    /// <summary>Delivers, in timestamp order, every queued event earlier than <paramref name="before"/>.</summary>
    private void Dispatch(long before)
    {
        _merge.Clear();
        foreach (var queue in _queues.Values)
        {
            if (queue.Count > 0 && queue.Peek().Timestamp < before)
            {
                _merge.Enqueue(queue, queue.Peek().Timestamp);
            }
        }
        while (_merge.TryDequeue(out var queue, out _))
        {
            Deliver(queue.Dequeue(), queued: true);
            if (queue.Count > 0 && queue.Peek().Timestamp < before)
            {
                _merge.Enqueue(queue, queue.Peek().Timestamp);
            }
        }
    }

    private void Deliver(in EventHeader header, bool queued)
    {
        if (!_metadata.TryGetValue(header.MetadataId, out var metadata))
        {
            throw new NettraceFormatException($"damaged nettrace at byte {header.FileOffset}: an event refers to metadata {header.MetadataId}, never defined");
        }
        _sink.OnEvent(header, metadata, _blocks[header.Block].AsSpan(header.PayloadStart, header.PayloadSize));
        if (queued)
        {
            _blocks.Delivered(header.Block);
        }
    }
}
