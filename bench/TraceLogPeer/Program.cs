using System.Diagnostics;
using Microsoft.Diagnostics.Tracing.Etlx;

// TraceEvent's own nettrace -> TraceLog (etlx) conversion, the step that resolves stacks against the rundown, timed
// alone: PoolDoctor's analyze performs it too and then groups and names culprits, so this is its floor.
if (args.Length != 1 || !File.Exists(args[0]))
{
    Console.Error.WriteLine("usage: TraceLogPeer FILE.nettrace");
    return 2;
}
var etlx = Path.Combine(Path.GetTempPath(), $"tracelogpeer-{Guid.NewGuid():N}.etlx");
var clock = Stopwatch.StartNew();
TraceLog.CreateFromEventPipeDataFile(args[0], etlx, new TraceLogOptions { ConversionLog = TextWriter.Null });
long events;
using (var log = new TraceLog(etlx))
{
    events = log.EventCount;
}
clock.Stop();
File.Delete(etlx);
Console.WriteLine($"{clock.Elapsed.TotalSeconds:F3} {events}");
return 0;
