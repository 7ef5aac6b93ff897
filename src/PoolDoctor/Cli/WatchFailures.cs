using PoolDoctor.Collect.Counters;

namespace PoolDoctor.Cli;

/// <summary>Turns the end of a watch that we did not ask for into the one-line error a verb exits with.</summary>
internal static class WatchFailures
{
    public static RunFailedException From(WatchEnd end, int samplesSeen) => end.Kind switch
    {
        WatchEndKind.TargetExited => new RunFailedException($"{end.Message} while being watched ({samplesSeen} interval(s) seen)"),
        _ => new RunFailedException(end.Message),
    };
}
