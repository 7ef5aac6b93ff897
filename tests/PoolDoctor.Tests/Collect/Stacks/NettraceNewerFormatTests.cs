using System.Text;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

/// <summary>
/// Nettrace format 6 (`dotnet-trace collect-linux`; the runtime's EventPipe writes 5) is read through TraceEvent's
/// TraceLog, said once. No tool here writes format 6 (collect-linux needs the kernel's user_events, absent here), so the
/// files are built from the format's documented layout: the versioned header, a TraceBlock, the EndOfStream block.
/// </summary>
public sealed class NettraceNewerFormatTests
{
    [Fact]
    public void A_format_6_trace_is_read_through_TraceEvent_and_says_so()
    {
        var path = StackFixtures.WriteTemp(Format6Trace(majorVersion: 6), "v6.nettrace");
        try
        {
            var snapshot = NettraceStackReader.Read(path);

            Assert.Equal(1234, snapshot.ProcessId);
            var sampled = Assert.Single(snapshot.Stacks);
            Assert.Equal(77, sampled.ThreadId);
            Assert.Equal(1, sampled.Samples);
            Assert.Equal(2, sampled.Frames.Count);
            var note = Assert.Single(snapshot.Missing, m => m.Contains("nettrace format 6", StringComparison.Ordinal));
            Assert.Contains("read with TraceEvent's TraceLog", note);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void A_format_TraceEvent_does_not_know_either_is_one_line()
    {
        var path = StackFixtures.WriteTemp(Format6Trace(majorVersion: 7), "v7.nettrace");
        try
        {
            var message = Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path)).Message;

            Assert.Contains("nettrace format 7", message);
            Assert.DoesNotContain('\n', message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void A_format_6_trace_without_its_end_is_refused_as_truncated()
    {
        var bytes = Format6Trace(majorVersion: 6);
        var path = StackFixtures.WriteTemp(bytes[..^4], "v6-cut.nettrace");
        try
        {
            var message = Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path)).Message;

            Assert.Contains("no end-of-stream marker", message);
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>
    /// "Nettrace", reserved 0, major, minor 0, then blocks (a 4-byte header: size in the low 24 bits, kind in the high 8):
    /// a TraceBlock (sync time, clock, pointer size, the ProcessId key), a ThreadBlock (index 1: process 1234, thread
    /// 77), a MetadataBlock (SampleProfiler's ThreadSample), a StackBlock (stack 1: two addresses), an EventBlock with
    /// one sample on thread 1 with stack 1, and the EndOfStream block.
    /// </summary>
    private static byte[] Format6Trace(int majorVersion)
    {
        using var file = new MemoryStream();
        using var writer = new BinaryWriter(file, Encoding.UTF8, leaveOpen: true);
        writer.Write("Nettrace"u8);
        writer.Write(0);
        writer.Write(majorVersion);
        writer.Write(0);
        Block(writer, 1, b =>
        {
            foreach (var part in new short[] { 2026, 11, 3, 25, 17, 0, 0, 0 })
            {
                b.Write(part); // SYSTEMTIME: year, month, day of week, day, hour, minute, second, millisecond
            }
            b.Write(SyncTicks);
            b.Write(1_000_000_000L); // ticks per second
            b.Write(8); // pointer size
            b.Write(1); // one key/value pair
            Utf8(b, "ProcessId");
            Utf8(b, "1234");
        });
        Block(writer, 6, b => Row(b, r =>
        {
            r.Write7BitEncodedInt64(1); // thread index
            r.Write((byte)2); // OS process id
            r.Write7BitEncodedInt64(1234);
            r.Write((byte)3); // OS thread id
            r.Write7BitEncodedInt64(77);
        }));
        Block(writer, 3, b =>
        {
            b.Write((ushort)0); // no header
            Row(b, r =>
            {
                r.Write7BitEncodedInt(1); // metadata id
                Utf8(r, "Microsoft-DotNETCore-SampleProfiler");
                r.Write7BitEncodedInt(0); // event id
                Utf8(r, "ThreadSample");
                r.Write((ushort)0); // no field descriptions
                r.Write((ushort)0); // no optional metadata
            });
        });
        Block(writer, 5, b =>
        {
            b.Write(1u); // first id
            b.Write(1u); // count
            b.Write(16u);
            b.Write(0x7f00_0000_1000UL);
            b.Write(0x7f00_0000_2000UL);
        });
        Block(writer, 2, b =>
        {
            b.Write((short)20); // header size
            b.Write((short)1); // compressed headers
            b.Write(SyncTicks + 1000);
            b.Write(SyncTicks + 1000);
            b.Write((byte)(0x01 | 0x02 | 0x04 | 0x08 | 0x40 | 0x80)); // metadata, capture thread, thread, stack, sorted, payload size
            b.Write7BitEncodedInt(1); // metadata id
            b.Write7BitEncodedInt(0); // sequence number delta
            b.Write7BitEncodedInt64(1); // capture thread index
            b.Write7BitEncodedInt(0); // processor
            b.Write7BitEncodedInt64(1); // thread index
            b.Write7BitEncodedInt(1); // stack id
            b.Write7BitEncodedInt64(SyncTicks + 1000); // timestamp (delta from 0)
            b.Write7BitEncodedInt(4); // payload size
            b.Write(1); // sample type: managed
        });
        writer.Write(0); // EndOfStream
        writer.Flush();
        return file.ToArray();
    }

    private const long SyncTicks = 1_000_000_000L;

    private static void Block(BinaryWriter writer, int kind, Action<BinaryWriter> content)
    {
        var bytes = Bytes(content);
        writer.Write(bytes.Length | (kind << 24));
        writer.Write(bytes);
    }

    private static void Row(BinaryWriter writer, Action<BinaryWriter> content)
    {
        var bytes = Bytes(content);
        writer.Write((ushort)bytes.Length);
        writer.Write(bytes);
    }

    private static byte[] Bytes(Action<BinaryWriter> content)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            content(writer);
        }
        return stream.ToArray();
    }

    private static void Utf8(BinaryWriter writer, string text)
    {
        var bytes = Encoding.UTF8.GetBytes(text);
        writer.Write7BitEncodedInt(bytes.Length);
        writer.Write(bytes);
    }
}
