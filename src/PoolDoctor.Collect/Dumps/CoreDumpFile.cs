using System.Buffers.Binary;

namespace PoolDoctor.Collect.Dumps;

/// <summary>
/// Tells a Linux core dump from other files by its header: the ELF magic and an e_type of ET_CORE (4), and says how
/// long the file should be (the end of the furthest segment its program headers describe), so a truncated copy is
/// named as such. Only headers are read, so `analyze` can decide between a dump and a nettrace before opening either.
/// </summary>
public static class CoreDumpFile
{
    private const ushort CoreType = 4;
    private const ushort ExtendedCount = 0xFFFF; // PN_XNUM: the real count is in section header 0's sh_info

    /// <summary>True when the file starts as an ELF core file (whatever is wrong with the rest of it).</summary>
    public static bool IsCoreDump(string path) => Header(path, 64) is { Length: >= 18 } header && IsElf(header) && ElfType(header) == CoreType;

    /// <summary>True for anything that starts with the ELF magic: a core dump, an executable, or a cut-off copy of either.</summary>
    public static bool IsElf(string path) => Header(path, 4) is { Length: 4 } header && IsElf(header);

    /// <summary>
    /// The length a whole 64-bit little-endian core file has (the furthest segment's end); null when the headers
    /// cannot say (another layout, or the program headers themselves are cut off).
    /// </summary>
    public static long? DeclaredLength(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            var header = new byte[64];
            if (stream.ReadAtLeast(header, header.Length, throwOnEndOfStream: false) < header.Length || !IsElf(header) || header[4] != 2 || header[5] != 1)
            {
                return null;
            }
            var programHeaders = BinaryPrimitives.ReadInt64LittleEndian(header.AsSpan(32));
            var entrySize = BinaryPrimitives.ReadUInt16LittleEndian(header.AsSpan(54));
            long count = BinaryPrimitives.ReadUInt16LittleEndian(header.AsSpan(56));
            if (count == ExtendedCount)
            {
                var sections = BinaryPrimitives.ReadInt64LittleEndian(header.AsSpan(40));
                count = ReadAt(stream, sections + 44, 4) is { } info ? BinaryPrimitives.ReadUInt32LittleEndian(info) : -1;
            }
            if (entrySize < 56 || count <= 0 || programHeaders <= 0)
            {
                return null;
            }
            long end = programHeaders + (count * entrySize);
            for (var i = 0; i < count; i++)
            {
                if (ReadAt(stream, programHeaders + (i * entrySize), 56) is not { } entry)
                {
                    return null;
                }
                var offset = BinaryPrimitives.ReadInt64LittleEndian(entry.AsSpan(8));
                var size = BinaryPrimitives.ReadInt64LittleEndian(entry.AsSpan(32));
                end = Math.Max(end, offset + size);
            }
            return end;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static byte[]? ReadAt(FileStream stream, long offset, int length)
    {
        if (offset < 0 || offset + length > stream.Length)
        {
            return null;
        }
        stream.Position = offset;
        var buffer = new byte[length];
        return stream.ReadAtLeast(buffer, length, throwOnEndOfStream: false) == length ? buffer : null;
    }

    private static bool IsElf(byte[] header) => header[0] == 0x7F && header[1] == (byte)'E' && header[2] == (byte)'L' && header[3] == (byte)'F';

    // e_type is at offset 16 in both 32- and 64-bit headers, in the byte order EI_DATA (offset 5) names.
    private static ushort ElfType(byte[] header) => header[5] == 2
        ? BinaryPrimitives.ReadUInt16BigEndian(header.AsSpan(16))
        : BinaryPrimitives.ReadUInt16LittleEndian(header.AsSpan(16));

    private static byte[]? Header(string path, int length)
    {
        try
        {
            using var stream = File.OpenRead(path);
            var header = new byte[length];
            var read = stream.ReadAtLeast(header, header.Length, throwOnEndOfStream: false);
            return header[..read];
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
