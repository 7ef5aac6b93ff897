using System.Buffers.Binary;
using System.Text;
using PoolDoctor.Collect.Stacks;

namespace PoolDoctor.Tests.Collect.Stacks;

/// <summary>Format versions the reader does not know are refused in one line, before any event is read.</summary>
public sealed class NettraceFormatTests
{
    // "Nettrace", the serializer name's length and text, then the Trace object: tags 5 5 1, version, minimum reader version.
    private const int TraceVersionOffset = 8 + 4 + 20 + 3;

    [Theory]
    [InlineData(3, 0)]
    [InlineData(7, 6)]
    public void Unknown_trace_object_version_is_refused(int version, int minReaderVersion)
    {
        var bytes = StackFixtures.Expand(StackFixtures.PoolDoctorTaskWait);
        Assert.Equal("Trace", Encoding.ASCII.GetString(bytes, TraceVersionOffset + 12, 5));
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(TraceVersionOffset), version);
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(TraceVersionOffset + 4), minReaderVersion);

        var message = Refusal(bytes);

        Assert.Contains($"nettrace format {version} is not supported", message);
    }

    [Fact]
    public void Format_6_header_without_its_trace_block_is_refused_in_one_line()
    {
        // Format 6 follows the magic with a zero and its major version; with nothing after it, TraceEvent (which this
        // reader hands format 6 to) cannot read it either.
        byte[] bytes = [.. "Nettrace"u8, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

        var message = Refusal(bytes);

        Assert.Contains("nettrace format 6", message);
        Assert.Contains("nor TraceEvent could read", message);
    }

    [Fact]
    public void Events_of_undefined_metadata_are_refused()
    {
        var bytes = StackFixtures.Expand(StackFixtures.PoolDoctorTaskWait);
        // The first metadata block's type name: renamed, its rows are skipped and every event refers to nothing.
        var name = Encoding.ASCII.GetBytes("MetadataBlock");
        var at = bytes.AsSpan().IndexOf(name);
        Assert.True(at > 0);
        bytes[at] = (byte)'X';

        Assert.Contains("never defined", Refusal(bytes));
    }

    [Fact]
    public void A_trace_cut_short_is_refused_even_when_the_target_exited()
    {
        // A target killed mid-capture leaves no rundown: no frame could be named, so the read fails as TraceLog's did
        // and the CLI says the target exited before the runtime sent the method names.
        var bytes = StackFixtures.Expand(StackFixtures.PoolDoctorTaskWait);

        var message = Refusal(bytes[..(bytes.Length / 2)], requireComplete: false);

        Assert.Contains("damaged nettrace", message);
    }

    private static string Refusal(byte[] bytes, bool requireComplete = true)
    {
        var path = StackFixtures.WriteTemp(bytes, "format.nettrace");
        try
        {
            var message = Assert.Throws<NettraceFormatException>(() => NettraceStackReader.Read(path, requireComplete: requireComplete)).Message;
            Assert.DoesNotContain('\n', message);
            return message;
        }
        finally
        {
            File.Delete(path);
        }
    }
}
