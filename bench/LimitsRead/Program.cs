using System.Diagnostics;
using System.Globalization;
using PoolDoctor.Collect.Attach;

// Usage: LimitsRead PID SECONDS INTERVAL. One line per read: "read MS min max" or "failed MS why".
var pid = int.Parse(args[0], CultureInfo.InvariantCulture);
var seconds = double.Parse(args[1], CultureInfo.InvariantCulture);
var interval = TimeSpan.FromSeconds(double.Parse(args[2], CultureInfo.InvariantCulture));
var until = DateTime.UtcNow.AddSeconds(seconds);
while (DateTime.UtcNow < until)
{
    var clock = Stopwatch.StartNew();
    var read = LivePoolLimits.Read(pid, out var why);
    var ms = clock.Elapsed.TotalMilliseconds.ToString("0", CultureInfo.InvariantCulture);
    Console.WriteLine(read is null ? $"failed {ms} {why}" : $"read {ms} {read.MinWorkers} {read.MaxWorkers}");
    var rest = interval - clock.Elapsed;
    if (rest > TimeSpan.Zero)
    {
        Thread.Sleep(rest);
    }
}
