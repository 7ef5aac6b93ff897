using System.Buffers.Text;
using System.Text;

namespace PoolDoctor.Load.Http;

/// <summary>
/// An incremental HTTP/1.x response reader for the fast path: status line, headers (Content-Length,
/// Transfer-Encoding: chunked, Connection), then a body framed by length, by chunks (with extensions and
/// trailers) or by the connection closing. It consumes whole lines only, so the caller keeps the unconsumed
/// tail (always a partial line, shorter than <see cref="MaxLineLength"/>) and appends the next read to it.
/// Body bytes are counted, never kept.
/// </summary>
internal sealed class HttpResponseParser
{
    public const int MaxLineLength = 8 * 1024;

    private const long MaxChunkSize = 1L << 40;

    private enum State { StatusLine, Headers, FixedBody, ChunkSize, ChunkData, ChunkDataEnd, Trailers, UntilClose, Done }

    private State _state;
    private bool _headRequest;
    private bool _interim;
    private bool _chunked;
    private long _contentLength;
    private long _remaining;
    private bool _seenAnyByte;

    public int StatusCode { get; private set; }

    /// <summary>Whether the connection may carry the next request once this response is complete.</summary>
    public bool KeepAlive { get; private set; }

    public long BodyBytes { get; private set; }

    /// <summary>Why the response was <see cref="ParseStatus.Invalid"/>.</summary>
    public string? Error { get; private set; }

    /// <summary>True until the first byte of a response arrives: an EOF now means the server closed an idle connection.</summary>
    public bool IsAtStart => !_seenAnyByte;

    /// <summary>Prepares for the next response; a response to HEAD has headers only, whatever its length says.</summary>
    public void Reset(bool headRequest = false)
    {
        _state = State.StatusLine;
        _headRequest = headRequest;
        _interim = false;
        _chunked = false;
        _contentLength = -1;
        _remaining = 0;
        _seenAnyByte = false;
        StatusCode = 0;
        KeepAlive = false;
        BodyBytes = 0;
        Error = null;
    }

    public HttpResponseParser() => Reset();

    public ParseStatus Parse(ReadOnlySpan<byte> data, out int consumed)
    {
        consumed = 0;
        if (data.Length > 0)
        {
            _seenAnyByte = true;
        }
        while (true)
        {
            var rest = data[consumed..];
            switch (_state)
            {
                case State.Done:
                    return ParseStatus.Complete;
                case State.FixedBody or State.ChunkData:
                {
                    var take = (int)Math.Min(_remaining, rest.Length);
                    consumed += take;
                    _remaining -= take;
                    BodyBytes += take;
                    if (_remaining > 0)
                    {
                        return ParseStatus.NeedMore;
                    }
                    _state = _state == State.FixedBody ? State.Done : State.ChunkDataEnd;
                    continue;
                }
                case State.UntilClose:
                    consumed += rest.Length;
                    BodyBytes += rest.Length;
                    return ParseStatus.NeedMore;
            }

            var newline = rest.IndexOf((byte)'\n');
            if (newline < 0)
            {
                return rest.Length >= MaxLineLength ? Fail("a response line is longer than 8 KiB") : ParseStatus.NeedMore;
            }
            if (newline >= MaxLineLength)
            {
                return Fail("a response line is longer than 8 KiB");
            }
            var line = rest[..newline];
            if (line.Length > 0 && line[^1] == (byte)'\r')
            {
                line = line[..^1];
            }
            consumed += newline + 1;
            var ok = _state switch
            {
                State.StatusLine => OnStatusLine(line),
                State.Headers => OnHeaderLine(line),
                State.ChunkSize => OnChunkSizeLine(line),
                State.ChunkDataEnd => OnChunkDataEnd(line),
                State.Trailers => OnTrailerLine(line),
                _ => false,
            };
            if (!ok)
            {
                return ParseStatus.Invalid;
            }
        }
    }

    /// <summary>The server closed the connection: completes a close-delimited body, anything else is a truncated response.</summary>
    public ParseStatus Finish()
    {
        if (_state == State.UntilClose)
        {
            _state = State.Done;
            KeepAlive = false;
            return ParseStatus.Complete;
        }
        return _state == State.Done ? ParseStatus.Complete : Fail("the server closed the connection in the middle of a response");
    }

    private bool OnStatusLine(ReadOnlySpan<byte> line)
    {
        // "HTTP/1.1 200 OK": the reason phrase may be empty, and a bare "HTTP/1.1 200" is accepted too.
        if (line.Length < 12 || !line.StartsWith("HTTP/1."u8) || !char.IsAsciiDigit((char)line[7]) || line[8] != (byte)' '
            || !char.IsAsciiDigit((char)line[9]) || !char.IsAsciiDigit((char)line[10]) || !char.IsAsciiDigit((char)line[11])
            || (line.Length > 12 && line[12] != (byte)' '))
        {
            return FailLine("the status line is not 'HTTP/1.x NNN ...'");
        }
        if (line[9] == (byte)'0')
        {
            // A status code is 100-999 (RFC 9110 15); "000" would be counted as a response of no class.
            return FailLine("the status code is below 100");
        }
        StatusCode = ((line[9] - '0') * 100) + ((line[10] - '0') * 10) + (line[11] - '0');
        KeepAlive = line[7] != (byte)'0';
        _interim = StatusCode is >= 100 and < 200 and not 101;
        _chunked = false;
        _contentLength = -1;
        _state = State.Headers;
        return true;
    }

    private bool OnHeaderLine(ReadOnlySpan<byte> line)
    {
        if (line.Length == 0)
        {
            return OnHeadersEnd();
        }
        var colon = line.IndexOf((byte)':');
        if (colon <= 0)
        {
            return FailLine("a header line has no name");
        }
        var name = line[..colon];
        var value = line[(colon + 1)..].Trim(" \t"u8);
        if (Ascii.EqualsIgnoreCase(name, "Content-Length"u8))
        {
            if (!Utf8Parser.TryParse(value, out long length, out var used) || used != value.Length || length < 0)
            {
                return FailLine("Content-Length is not a number");
            }
            if (_contentLength >= 0 && _contentLength != length)
            {
                return FailLine("two different Content-Length headers");
            }
            _contentLength = length;
        }
        else if (Ascii.EqualsIgnoreCase(name, "Transfer-Encoding"u8))
        {
            // The last coding decides the framing; anything else but chunked would be close-delimited.
            var last = value[(value.LastIndexOf((byte)',') + 1)..].Trim(" \t"u8);
            _chunked = Ascii.EqualsIgnoreCase(last, "chunked"u8);
        }
        else if (Ascii.EqualsIgnoreCase(name, "Connection"u8))
        {
            foreach (var range in value.Split((byte)','))
            {
                var token = value[range].Trim(" \t"u8);
                if (Ascii.EqualsIgnoreCase(token, "close"u8))
                {
                    KeepAlive = false;
                }
                else if (Ascii.EqualsIgnoreCase(token, "keep-alive"u8))
                {
                    KeepAlive = true;
                }
            }
        }
        return true;
    }

    private bool OnHeadersEnd()
    {
        if (_interim)
        {
            // 100 Continue and friends precede the real response on the same connection.
            _state = State.StatusLine;
            return true;
        }
        if (StatusCode == 101)
        {
            KeepAlive = false;
            _state = State.Done;
        }
        else if (_headRequest || StatusCode is 204 or 304)
        {
            _state = State.Done;
        }
        else if (_chunked)
        {
            _state = State.ChunkSize;
        }
        else if (_contentLength >= 0)
        {
            _remaining = _contentLength;
            _state = _remaining == 0 ? State.Done : State.FixedBody;
        }
        else
        {
            KeepAlive = false;
            _state = State.UntilClose;
        }
        return true;
    }

    private bool OnChunkSizeLine(ReadOnlySpan<byte> line)
    {
        var semicolon = line.IndexOf((byte)';');
        var digits = (semicolon >= 0 ? line[..semicolon] : line).Trim(" \t"u8);
        if (digits.Length == 0 || digits.Length > 11)
        {
            return FailLine("a chunk size is not a hex number");
        }
        long size = 0;
        foreach (var b in digits)
        {
            var digit = HexValue(b);
            if (digit < 0)
            {
                return FailLine("a chunk size is not a hex number");
            }
            size = (size << 4) | (long)digit;
        }
        if (size > MaxChunkSize)
        {
            return FailLine("a chunk is larger than 1 TiB");
        }
        _remaining = size;
        _state = size == 0 ? State.Trailers : State.ChunkData;
        return true;
    }

    private bool OnChunkDataEnd(ReadOnlySpan<byte> line)
    {
        if (line.Length != 0)
        {
            return FailLine("a chunk is longer than its size");
        }
        _state = State.ChunkSize;
        return true;
    }

    private bool OnTrailerLine(ReadOnlySpan<byte> line)
    {
        if (line.Length == 0)
        {
            _state = State.Done;
        }
        return true;
    }

    private static int HexValue(byte b) => b switch
    {
        >= (byte)'0' and <= (byte)'9' => b - '0',
        >= (byte)'a' and <= (byte)'f' => b - 'a' + 10,
        >= (byte)'A' and <= (byte)'F' => b - 'A' + 10,
        _ => -1,
    };

    private bool FailLine(string reason)
    {
        Error = reason;
        return false;
    }

    private ParseStatus Fail(string reason)
    {
        Error = reason;
        return ParseStatus.Invalid;
    }
}
