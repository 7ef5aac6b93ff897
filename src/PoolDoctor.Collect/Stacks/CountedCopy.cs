namespace PoolDoctor.Collect.Stacks;

/// <summary>
/// Copies a session's stream to its file and says when more than the stream's header has arrived: the header is
/// written when the session starts, before the process may be paused, so only bytes past it prove the runtime runs.
/// </summary>
internal sealed class CountedCopy(Stream source, Stream destination)
{
    /// <summary>More than a nettrace header and its trace object (about 100 bytes): the first block of events.</summary>
    internal const int HeaderBytes = 1024;

    private readonly TaskCompletionSource _firstEvent = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private long _copied;

    public Task FirstEvent => _firstEvent.Task;

    public async Task RunAsync()
    {
        var buffer = new byte[1 << 16];
        int read;
        while ((read = await source.ReadAsync(buffer, CancellationToken.None).ConfigureAwait(false)) > 0)
        {
            await destination.WriteAsync(buffer.AsMemory(0, read), CancellationToken.None).ConfigureAwait(false);
            _copied += read;
            if (_copied > HeaderBytes)
            {
                _firstEvent.TrySetResult();
            }
        }
    }
}
