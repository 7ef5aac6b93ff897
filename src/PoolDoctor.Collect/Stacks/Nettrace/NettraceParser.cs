using System.Text;

namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>
/// Reads a nettrace stream (formats 4 and 5, what the runtime's EventPipe writes, .NET 5 to 10): the FastSerialization
/// objects (Trace, MetadataBlock, StackBlock, EventBlock, SPBlock), compressed event headers, interned stacks. Events
/// reach the sink in time order: each capture thread's events queue until a sorted event or a sequence point says
/// that everything earlier has arrived, then the queues merge by timestamp, as TraceEvent orders them.
/// </summary>
internal sealed class NettraceParser
{
    private static readonly byte[] Magic = Encoding.ASCII.GetBytes("Nettrace");
    private const string SerializerName = "!FastSerialization.1";
    private const byte NullReferenceTag = 1;
    private const byte BeginPrivateObjectTag = 5;
    private const byte EndObjectTag = 6;
    private const int MinFormat = 4;
    private const int MaxFormat = 5;
    private const ushort CompressedHeadersFlag = 1;

    private readonly byte[] _data;
    private readonly INettraceSink _sink;
    private readonly StackTable _stacks;
    private readonly Dictionary<int, EventMetadata> _metadata = [];
    private readonly Dictionary<long, Queue<EventHeader>> _queues = [];
    private readonly PriorityQueue<Queue<EventHeader>, long> _merge = new();
    private TraceHeader? _header;

    private NettraceParser(byte[] data, INettraceSink sink, StackTable stacks)
    {
        _data = data;
        _sink = sink;
        _stacks = stacks;
    }

    /// <summary>Reads the whole stream; a stream cut short fails like a damaged one (TraceLog refused such files too:
    /// without the rundown at its end no frame has a name).</summary>
    public static void Parse(byte[] data, INettraceSink sink, StackTable stacks) =>
        new NettraceParser(data, sink, stacks).Run();

    private void Run()
    {
        var reader = new ByteReader(_data, 0);
        if (_data.Length < Magic.Length || !_data.AsSpan(0, Magic.Length).SequenceEqual(Magic))
        {
            throw new NettraceFormatException("not a nettrace file (it does not start with the 'Nettrace' magic)");
        }
        reader.Skip(Magic.Length);
        var nameLength = reader.I32();
        if (nameLength == 0)
        {
            throw new NettraceFormatException($"nettrace format {(reader.Remaining >= 4 ? reader.I32() : 0)} is not supported (formats {MinFormat}-{MaxFormat} are, what the .NET runtime writes)");
        }
        if (nameLength != SerializerName.Length || Encoding.ASCII.GetString(reader.Take(nameLength)) != SerializerName)
        {
            throw reader.Damaged("the serializer name is not '!FastSerialization.1'");
        }
        while (true)
        {
            var tag = reader.U8();
            if (tag == NullReferenceTag)
            {
                break;
            }
            ReadObject(ref reader, tag);
        }
        Flush();
    }

    private void ReadObject(ref ByteReader reader, byte tag)
    {
        if (tag != BeginPrivateObjectTag || reader.U8() != BeginPrivateObjectTag || reader.U8() != NullReferenceTag)
        {
            throw reader.Damaged("an object does not start with its type");
        }
        var version = reader.I32();
        var minReaderVersion = reader.I32();
        var nameLength = reader.I32();
        if (nameLength is < 0 or > 64)
        {
            throw reader.Damaged("an object type name has an impossible length");
        }
        var name = Encoding.ASCII.GetString(reader.Take(nameLength));
        Expect(ref reader, EndObjectTag);
        if (name == "Trace")
        {
            if (version < MinFormat || minReaderVersion > MaxFormat)
            {
                throw new NettraceFormatException($"nettrace format {version} is not supported (formats {MinFormat}-{MaxFormat} are, what the .NET runtime writes)");
            }
            ReadTrace(ref reader);
        }
        else
        {
            if (_header is null)
            {
                throw reader.Damaged($"a {name} comes before the Trace object");
            }
            var size = reader.I32();
            while (reader.FileOffset % 4 != 0)
            {
                reader.Skip(1);
            }
            var origin = reader.FileOffset;
            var block = reader.Take(size);
            ReadBlock(name, new ByteReader(block, origin), (int)origin);
        }
        Expect(ref reader, EndObjectTag);
    }

    private static void Expect(ref ByteReader reader, byte tag)
    {
        if (reader.U8() != tag)
        {
            throw reader.Damaged("an object is not closed where its size says");
        }
    }

    private void ReadTrace(ref ByteReader reader)
    {
        reader.Skip(16); // SYSTEMTIME of the sync point
        var syncQpc = reader.I64();
        var frequency = reader.I64();
        var pointerSize = reader.I32();
        var processId = reader.I32();
        reader.Skip(8); // processors, sampling rate
        if (frequency <= 0 || pointerSize is not (4 or 8))
        {
            throw reader.Damaged("the Trace object has an impossible clock or pointer size");
        }
        _header = new TraceHeader(syncQpc, frequency, pointerSize, processId);
        _sink.OnHeader(_header);
    }

    private void ReadBlock(string name, ByteReader block, int origin)
    {
        switch (name)
        {
            case "EventBlock":
                ReadEvents(block, origin, metadata: false);
                break;
            case "MetadataBlock":
                ReadEvents(block, origin, metadata: true);
                break;
            case "StackBlock":
                ReadStacks(block);
                break;
            case "SPBlock":
                // Everything before a sequence point has arrived; the writer restarts its stack ids after it.
                Flush();
                _stacks.ResetStreamIds();
                break;
            default:
                break; // an object this reader does not use
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

    private void ReadEvents(ByteReader block, int origin, bool metadata)
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
        var header = default(EventHeader);
        var queue = (Queue<EventHeader>?)null;
        while (block.Remaining > 0)
        {
            header.ReadCompressed(ref block);
            header.PayloadOffset = origin + block.Position;
            block.Skip(header.PayloadSize);
            if (metadata)
            {
                var (id, row) = MetadataParser.Read(_data.AsSpan(header.PayloadOffset, header.PayloadSize), header.PayloadOffset);
                _metadata[id] = row;
                continue;
            }
            header.Stack = _stacks.Lookup(header.StreamStackId);
            queue ??= Queue(header.CaptureThreadId);
            if (header.IsSorted)
            {
                queue = Queue(header.CaptureThreadId);
                Dispatch(header.Timestamp);
                Deliver(header);
            }
            else
            {
                queue.Enqueue(header);
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
            Deliver(queue.Dequeue());
            if (queue.Count > 0 && queue.Peek().Timestamp < before)
            {
                _merge.Enqueue(queue, queue.Peek().Timestamp);
            }
        }
    }

    private void Deliver(in EventHeader header)
    {
        if (!_metadata.TryGetValue(header.MetadataId, out var metadata))
        {
            throw new NettraceFormatException($"damaged nettrace at byte {header.PayloadOffset}: an event refers to metadata {header.MetadataId}, never defined");
        }
        _sink.OnEvent(header, metadata, _data.AsSpan(header.PayloadOffset, header.PayloadSize));
    }
}
