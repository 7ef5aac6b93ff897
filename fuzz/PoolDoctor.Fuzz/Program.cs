using PoolDoctor.Fuzz;

// `PoolDoctor.Fuzz TARGET`: AFL++ drives the target in persistent mode (fuzz/run.sh).
// `PoolDoctor.Fuzz TARGET FILE...`: replays inputs once each (a crash reproduced outside AFL).
if (args.Length == 0 || !FuzzTargets.All.TryGetValue(args[0], out var target))
{
    Console.Error.WriteLine($"usage: PoolDoctor.Fuzz TARGET [FILE...]; targets: {string.Join(", ", FuzzTargets.All.Keys)}");
    return 2;
}
if (args.Length > 1)
{
    foreach (var file in args[1..])
    {
        target(File.ReadAllBytes(file));
        Console.WriteLine($"{file}: ok");
    }
    return 0;
}
SharpFuzz.Fuzzer.Run(stream =>
{
    using var copy = new MemoryStream();
    stream.CopyTo(copy);
    target(copy.ToArray());
});
return 0;
