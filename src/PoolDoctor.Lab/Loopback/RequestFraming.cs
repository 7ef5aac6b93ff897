namespace PoolDoctor.Lab.Loopback;

/// <summary>Tells a <see cref="DelayedReplyServer"/> how many complete requests one connection's bytes hold; one per connection.</summary>
public abstract class RequestFraming
{
    /// <summary>How many requests end in <paramref name="received"/>, given what earlier reads left unfinished.</summary>
    public abstract int CountCompleted(ReadOnlySpan<byte> received);
}
