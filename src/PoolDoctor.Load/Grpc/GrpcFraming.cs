using System.Buffers.Binary;
using System.Globalization;

namespace PoolDoctor.Load.Grpc;

/// <summary>
/// gRPC's length-prefixed message on the wire: one byte (0: not compressed), the length as 4 bytes big-endian, then the
/// serialized message. The message is given as hex because the tool knows no .proto: an empty message (all fields at
/// their defaults) is the empty string, 5 zero bytes on the wire.
/// </summary>
public static class GrpcFraming
{
    public const int PrefixLength = 5;

    public static byte[] Frame(ReadOnlySpan<byte> message)
    {
        var frame = new byte[PrefixLength + message.Length];
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1, 4), (uint)message.Length);
        message.CopyTo(frame.AsSpan(PrefixLength));
        return frame;
    }

    /// <summary>Hex digits, optionally separated by spaces, ':' or '-' and prefixed with 0x; null when it is not hex.</summary>
    public static byte[]? ParseHex(string text)
    {
        var digits = new string([.. text.Where(c => c is not (' ' or ':' or '-'))]);
        if (digits.StartsWith("0x", StringComparison.OrdinalIgnoreCase))
        {
            digits = digits[2..];
        }
        if (digits.Length % 2 != 0 || !digits.All(char.IsAsciiHexDigit))
        {
            return null;
        }
        var bytes = new byte[digits.Length / 2];
        for (var i = 0; i < bytes.Length; i++)
        {
            bytes[i] = byte.Parse(digits.AsSpan(i * 2, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        }
        return bytes;
    }
}
