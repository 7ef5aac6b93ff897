using System.Globalization;

// The pool's bounds come from the project file (runtimeconfig.json); nothing in code touches them.
// Runs for the seconds given (default 60, at most 600), doing a little pool work ten times a second.
var seconds = args.Length > 0 && double.TryParse(args[0], CultureInfo.InvariantCulture, out var s) ? Math.Clamp(s, 1, 600) : 60;
Console.WriteLine($"TunedByConfig running for {seconds:0} s");
var until = DateTime.UtcNow.AddSeconds(seconds);
while (DateTime.UtcNow < until)
{
    await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => Task.Run(() => Thread.Sleep(5))));
    await Task.Delay(100);
}
Console.WriteLine("TunedByConfig done");
