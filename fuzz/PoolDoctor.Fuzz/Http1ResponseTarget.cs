using PoolDoctor.Load.Http;

namespace PoolDoctor.Fuzz;

/// <summary>
/// The raw HTTP/1.1 path's response parser, driven the way its connection drives it: a 16 KiB buffer, reads of the
/// sizes the input's first bytes choose, the unconsumed tail moved to the front, Finish at end of stream.
/// </summary>
internal static class Http1ResponseTarget
{
    private const int BufferSize = 16 * 1024;

    public static void Run(byte[] input)
    {
        // Every input, even an empty one, reaches the parser: SharpFuzz reads the first input from stdin as soon as it
        // greets AFL++, which on a busy host can be before AFL++ has written it. That first run then sees an empty
        // input, and AFL++ aborts ("No instrumentation detected") when it touched no instrumented code.
        var headRequest = input.Length > 0 && (input[0] & 1) != 0;
        var readSize = 1 + (input.Length > 1 ? input[1] % 64 : 0) * 97; // 1 byte to ~6 KB per read
        var wire = input.AsSpan(Math.Min(2, input.Length));
        var parser = new HttpResponseParser();
        parser.Reset(headRequest);
        var buffer = new byte[BufferSize];
        int begin = 0, end = 0, sent = 0;
        while (true)
        {
            if (end == buffer.Length)
            {
                buffer.AsSpan(begin, end - begin).CopyTo(buffer);
                end -= begin;
                begin = 0;
            }
            var read = Math.Min(Math.Min(readSize, wire.Length - sent), buffer.Length - end);
            if (read == 0)
            {
                if (end == buffer.Length)
                {
                    throw new FuzzFindingException("the parser left a full buffer unconsumed: the connection would read nothing more");
                }
                Check(parser, parser.IsAtStart ? ParseStatus.NeedMore : parser.Finish());
                return;
            }
            wire.Slice(sent, read).CopyTo(buffer.AsSpan(end));
            sent += read;
            end += read;
            var status = parser.Parse(buffer.AsSpan(begin, end - begin), out var consumed);
            if (consumed < 0 || consumed > end - begin)
            {
                throw new FuzzFindingException($"consumed {consumed} of {end - begin} bytes");
            }
            begin += consumed;
            if (status != ParseStatus.NeedMore)
            {
                Check(parser, status);
                return;
            }
            if (end - begin >= HttpResponseParser.MaxLineLength)
            {
                throw new FuzzFindingException($"{end - begin} bytes left unconsumed, the parser promises less than {HttpResponseParser.MaxLineLength}");
            }
            if (begin == end)
            {
                begin = end = 0;
            }
        }
    }

    private static void Check(HttpResponseParser parser, ParseStatus status)
    {
        if (status == ParseStatus.Invalid)
        {
            FuzzTargets.OneLine(parser.Error ?? throw new FuzzFindingException("an invalid response without a reason"));
        }
        else if (status == ParseStatus.Complete && parser.StatusCode is < 100 or > 999)
        {
            throw new FuzzFindingException($"a complete response with status {parser.StatusCode}");
        }
    }
}
