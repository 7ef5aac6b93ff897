using PoolDoctor.Cli;
using PoolDoctor.Collect.SelfTiming;

ToolTimeline.Mark("main");

// The tool's own pool threads do not spin before they sleep. A watch wakes them a few times a second (counter samples,
// the /proc reads, a stream read), and each time an idle worker spun in LowLevelLifoSemaphore.Wait (sched_yield) before
// blocking: measured with perf beside a service, most of the watch's steady CPU. Read once, when the pool starts, so it
// is set before anything is queued. The lab (`lab`, and `demo`'s child) stands in for the users' services and keeps
// the runtime's default.
if (args.Length == 0 || args[0] != "lab")
{
    AppContext.SetData("System.Threading.ThreadPool.UnfairSemaphoreSpinLimit", 0);
}
return await CliApp.RunAsync(args);
