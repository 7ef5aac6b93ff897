using System.Buffers.Binary;
using PoolDoctor.Collect.Dumps;

namespace PoolDoctor.Tests.Dumps;

/// <summary>The header checks `analyze` makes before it hands a file to ClrMD, on ELF headers built here.</summary>
public sealed class CoreDumpFileTests : IDisposable
{
    private readonly string _path = Path.Combine(Path.GetTempPath(), $"pooldoctor-elf-{Guid.NewGuid():N}");

    public void Dispose() => File.Delete(_path);

    [Fact]
    public void A_core_file_is_a_core_dump_and_its_length_comes_from_its_segments()
    {
        File.WriteAllBytes(_path, Elf(type: 4, segments: [(0x1000, 0x2000), (0x3000, 0x500)]));

        Assert.True(CoreDumpFile.IsCoreDump(_path));
        Assert.Equal(0x3500, CoreDumpFile.DeclaredLength(_path));
    }

    [Fact]
    public void An_executable_is_elf_but_not_a_core_dump()
    {
        File.WriteAllBytes(_path, Elf(type: 2, segments: [(0, 0x100)]));

        Assert.True(CoreDumpFile.IsElf(_path));
        Assert.False(CoreDumpFile.IsCoreDump(_path));
    }

    [Fact]
    public void A_header_cut_short_says_no_length()
    {
        File.WriteAllBytes(_path, Elf(type: 4, segments: [(0x1000, 0x2000)])[..40]);

        Assert.True(CoreDumpFile.IsCoreDump(_path));
        Assert.Null(CoreDumpFile.DeclaredLength(_path));
    }

    [Fact]
    public void Program_headers_cut_off_say_no_length()
    {
        File.WriteAllBytes(_path, Elf(type: 4, segments: [(0x1000, 0x2000), (0x3000, 0x500)])[..100]);

        Assert.Null(CoreDumpFile.DeclaredLength(_path));
    }

    [Fact]
    public void A_nettrace_is_not_elf()
    {
        File.WriteAllText(_path, "Nettrace!FastSerialization.1");

        Assert.False(CoreDumpFile.IsElf(_path));
        Assert.False(CoreDumpFile.IsCoreDump(_path));
    }

    // A 64-bit little-endian ELF header with its program headers right after it.
    private static byte[] Elf(ushort type, (long Offset, long Size)[] segments)
    {
        const int HeaderSize = 64, EntrySize = 56;
        var bytes = new byte[HeaderSize + (segments.Length * EntrySize)];
        bytes[0] = 0x7F;
        bytes[1] = (byte)'E';
        bytes[2] = (byte)'L';
        bytes[3] = (byte)'F';
        bytes[4] = 2; // 64-bit
        bytes[5] = 1; // little-endian
        bytes[6] = 1;
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(16), type);
        BinaryPrimitives.WriteInt64LittleEndian(bytes.AsSpan(32), HeaderSize);
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(54), EntrySize);
        BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(56), (ushort)segments.Length);
        for (var i = 0; i < segments.Length; i++)
        {
            var entry = bytes.AsSpan(HeaderSize + (i * EntrySize));
            BinaryPrimitives.WriteUInt32LittleEndian(entry, 1); // PT_LOAD
            BinaryPrimitives.WriteInt64LittleEndian(entry[8..], segments[i].Offset);
            BinaryPrimitives.WriteInt64LittleEndian(entry[32..], segments[i].Size);
        }
        return bytes;
    }
}
