namespace PoolDoctor.Runs;

/// <summary>
/// The watch's end once diagnosed: at once, or when it has lasted the minimum duration (`diagnose --min-duration`),
/// so the report keeps the counters after the verdict as well as before it. Begun from the capture's continuation
/// while the loop reads samples, hence the lock.
/// </summary>
internal sealed class RecordTail(TimeSpan minimum)
{
    private readonly Lock _gate = new();
    private bool _begun;

    /// <summary>True once diagnosed (and the stacks are in): the watch goes on only for the record.</summary>
    public bool Begun
    {
        get
        {
            lock (_gate)
            {
                return _begun;
            }
        }
    }

    /// <summary>What the live line says while the tail runs.</summary>
    public string Activity => FormattableString.Invariant($"diagnosed, watching to {minimum.TotalSeconds:0} s");

    /// <summary>Ends <paramref name="loop"/> now, or when the watch (<paramref name="elapsed"/> so far) reaches the minimum.</summary>
    public void Begin(CancellationTokenSource loop, TimeSpan elapsed)
    {
        lock (_gate)
        {
            if (_begun)
            {
                return;
            }
            _begun = true;
        }
        var left = minimum - elapsed;
        try
        {
            if (left <= TimeSpan.Zero)
            {
                loop.Cancel();
            }
            else
            {
                // Replaces the --duration timer with an earlier one (the minimum is at most the duration).
                loop.CancelAfter(left);
            }
        }
        catch (ObjectDisposedException)
        {
            // The loop ended already (the target exited, Ctrl+C): nothing left to end.
        }
    }
}
