namespace PoolDoctor.Collect.Attach;

/// <summary>The target cannot be found or attached to; the message is one line meant for the user.</summary>
/// <param name="targetSilent">True when the target was there but did not answer in time (paused, hung): a watch waits
/// for it to answer again rather than giving up.</param>
public sealed class AttachException(string message, Exception? inner = null, bool targetSilent = false) : Exception(message, inner)
{
    public bool TargetSilent { get; } = targetSilent;
}
