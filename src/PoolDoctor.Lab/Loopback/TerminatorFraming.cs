namespace PoolDoctor.Lab.Loopback;

/// <summary>
/// Requests that end with a fixed byte sequence: one byte for the simulated database's 'Q' and the feed's '\n',
/// "\r\n\r\n" for an HTTP/1.1 GET (no body). The match state survives a terminator split across reads.
/// </summary>
public sealed class TerminatorFraming(byte[] terminator) : RequestFraming
{
    private int _matched;

    public override int CountCompleted(ReadOnlySpan<byte> received)
    {
        var completed = 0;
        foreach (var b in received)
        {
            _matched = b == terminator[_matched] ? _matched + 1 : (b == terminator[0] ? 1 : 0);
            if (_matched == terminator.Length)
            {
                completed++;
                _matched = 0;
            }
        }
        return completed;
    }
}
