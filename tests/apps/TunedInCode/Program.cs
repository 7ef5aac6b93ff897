using System.Globalization;

// The usual reaction to a first starvation incident: more threads up front, set before anything else runs.
ThreadPool.SetMinThreads(64, 64);

// Runs for the seconds given (default 60, at most 600), doing a little pool work ten times a second.
var seconds = args.Length > 0 && double.TryParse(args[0], CultureInfo.InvariantCulture, out var s) ? Math.Clamp(s, 1, 600) : 60;
Console.WriteLine($"TunedInCode running for {seconds:0} s");
var until = DateTime.UtcNow.AddSeconds(seconds);
while (DateTime.UtcNow < until)
{
    await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => Task.Run(() => Thread.Sleep(5))));
    await Task.Delay(100);
}
Console.WriteLine("TunedInCode done");
