using System.Buffers.Binary;
using System.Text;

namespace PoolDoctor.Collect.Attach;

/// <summary>
/// The runtime version in a ProcessInfo2 reply (diagnostics IPC 0x0404): pid, runtime cookie, then five length-prefixed
/// UTF-16 strings of which the last is the CLR product version, e.g. "8.0.31" or "10.0.0-preview.3+abc".
/// </summary>
internal static class ProcessInfoReply
{
    /// <summary>The pid the runtime gives (the first field), or null when the payload is too short or it does not fit an int.</summary>
    public static int? ProcessId(ReadOnlySpan<byte> payload) =>
        payload.Length >= 8 && BinaryPrimitives.ReadUInt64LittleEndian(payload) is var pid and > 0 and <= int.MaxValue ? (int)pid : null;

    /// <summary>The version, or null when the payload is short, malformed or names no parseable version.</summary>
    public static Version? RuntimeVersion(ReadOnlySpan<byte> payload)
    {
        // ulong processId + 16-byte runtime cookie.
        var offset = 8 + 16;
        string? last = null;
        // commandLine, OS, arch, managedEntrypointAssemblyName, clrProductVersion.
        for (var i = 0; i < 5; i++)
        {
            if (ReadString(payload, ref offset) is not { } value)
            {
                return null;
            }
            last = value;
        }
        return ParseVersion(last!);
    }

    internal static Version? ParseVersion(string product)
    {
        var end = product.IndexOfAny(['-', '+']);
        var core = end >= 0 ? product[..end] : product;
        return Version.TryParse(core, out var version) ? version : null;
    }

    private static string? ReadString(ReadOnlySpan<byte> payload, ref int offset)
    {
        if (offset + 4 > payload.Length)
        {
            return null;
        }
        var units = BinaryPrimitives.ReadUInt32LittleEndian(payload[offset..]);
        offset += 4;
        if (units == 0)
        {
            return "";
        }
        if (units > (payload.Length - offset) / 2)
        {
            return null;
        }
        // The count includes the terminating NUL.
        var text = Encoding.Unicode.GetString(payload.Slice(offset, (int)(units - 1) * 2));
        offset += (int)units * 2;
        return text;
    }
}
