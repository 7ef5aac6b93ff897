namespace PoolDoctor.Runs;

/// <summary>How a diagnosis ended; anything but <see cref="Diagnosed"/> and <see cref="WatchedToTheEnd"/> makes the report partial.</summary>
internal enum DiagnoseLoopEnd
{
    Diagnosed,
    WatchedToTheEnd,
    Interrupted,
    TargetExited,
    Failed,
}
