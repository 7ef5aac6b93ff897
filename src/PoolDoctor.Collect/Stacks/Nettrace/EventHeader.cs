namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>One event's header as the stream gives it, with its payload's place in the file and its interned stack.</summary>
internal struct EventHeader
{
    public int MetadataId;
    public uint SequenceNumber;
    public long CaptureThreadId;
    public long ThreadId;
    public uint StreamStackId;
    public long Timestamp;
    public int PayloadSize;
    public bool IsSorted;

    /// <summary>The block (in <see cref="BlockBuffers"/>) that holds the payload, and where in it the payload starts.</summary>
    public int Block;
    public int PayloadStart;

    /// <summary>Where the payload starts in the file (for messages).</summary>
    public long FileOffset;

    /// <summary>The interned stack (<see cref="StackTable.None"/> when the event has none).</summary>
    public int Stack;

    // Compressed-header flags (nettrace format 4 and later).
    private const byte MetadataIdFlag = 0x01;
    private const byte CaptureThreadFlag = 0x02;
    private const byte ThreadIdFlag = 0x04;
    private const byte StackIdFlag = 0x08;
    private const byte ActivityIdFlag = 0x10;
    private const byte RelatedActivityIdFlag = 0x20;
    private const byte SortedFlag = 0x40;
    private const byte PayloadSizeFlag = 0x80;

    /// <summary>Reads the next compressed header over the previous one (the state carries within a block).</summary>
    public void ReadCompressed(ref ByteReader reader)
    {
        var flags = reader.U8();
        if ((flags & MetadataIdFlag) != 0)
        {
            MetadataId = checked((int)reader.VarU32());
        }
        if ((flags & CaptureThreadFlag) != 0)
        {
            SequenceNumber = unchecked(SequenceNumber + reader.VarU32() + 1);
            CaptureThreadId = unchecked((long)reader.VarU64());
            reader.VarU32(); // processor number
        }
        else if (MetadataId != 0)
        {
            SequenceNumber = unchecked(SequenceNumber + 1);
        }
        if ((flags & ThreadIdFlag) != 0)
        {
            ThreadId = unchecked((long)reader.VarU64());
        }
        if ((flags & StackIdFlag) != 0)
        {
            StreamStackId = reader.VarU32();
        }
        Timestamp = unchecked(Timestamp + (long)reader.VarU64());
        if ((flags & ActivityIdFlag) != 0)
        {
            reader.Skip(16);
        }
        if ((flags & RelatedActivityIdFlag) != 0)
        {
            reader.Skip(16);
        }
        IsSorted = (flags & SortedFlag) != 0;
        if ((flags & PayloadSizeFlag) != 0)
        {
            PayloadSize = checked((int)reader.VarU32());
        }
    }
}
