using static PoolDoctor.Analysis.Detection.VerdictRuleChain;

namespace PoolDoctor.Analysis.Detection;

/// <summary>
/// A queue that the pool does not work off: work queued at the last two samples, the queue kept (at least
/// <see cref="DetectionThresholds.StuckQueueKeptShare"/> of the previous sample's) or grown, and the latest interval completing nothing, or so little that the queue holds a second or more of it (Little's
/// law). Whatever the runtime's injections and thread goal say, such a pool does not keep up, so it is never
/// BlockingCompensated. Issue 34: a hub method doing `.Result` over 64 connections read BlockingCompensated at 1.0 s with
/// 127 queued, 3 threads and 0 completed/s, on the thread goal alone. The pools that do keep up past their blocked threads
/// complete hundreds a second against a queue of tens (fixtures/counters/compensated: 1-23 queued at 600-830 done/s), or,
/// in the half second before their first request can finish, have just created a hundred threads under a queue that was
/// empty the sample before. docs/detection.md, rule 2.
/// </summary>
internal static class PoolStuck
{
    public static bool Holds(WindowFigures f, int cores, DetectionThresholds t)
    {
        var latest = f.Latest;
        var floor = QueueFloor(cores, t);
        if (f.Previous is not { } previous || previous.QueueLength < floor || latest.QueueLength < floor)
        {
            return false;
        }
        // Growing or persistent: a queue that lost a fifth or more since the previous sample is being worked off, whatever
        // the rate says (MinThreads 300 on one core: 50 -> 25 queued at 8 done/s while the pool went from 18 to 40 threads).
        // A stuck pool's queue stays or creeps down as each newly injected thread takes one item and blocks with it
        // (stuck/taskwait-cores1: 60, 57, 55, 53 ... at 0 done/s).
        if (!t.WeighStuckQueue || latest.QueueLength < t.StuckQueueKeptShare * previous.QueueLength)
        {
            return false;
        }
        // A pool creating threads far faster than injection does is filling up to its MinThreads: the queue is about to go.
        var span = latest.Seconds - previous.Seconds;
        if (span > 0 && (latest.ThreadCount - previous.ThreadCount) / span > t.StuckMaxThreadGrowthPerCore * cores)
        {
            return false;
        }
        // A first sample's rate covers a span nobody knows; its queue is real, so the next sample decides.
        return !latest.FirstInterval
            && (latest.CompletedPerSecond <= 0 || latest.QueueLength >= t.QueuedSecondsOfWork * latest.CompletedPerSecond);
    }
}
