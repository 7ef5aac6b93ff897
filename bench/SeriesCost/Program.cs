using System.Diagnostics;
using PoolDoctor.Load.Stats;

// What recording one request into the per-second series costs the thread that records it: the same loop (latencies
// from a table, a clock advancing as at 60,000 requests/s, a harvest every 10 ms of that clock as the monitor does)
// with and without LoadSeries.Record, alternated, best of each; the difference is the cost per request.
const int Requests = 20_000_000;
const int Rounds = 5;
var latencies = new long[4096];
var random = new Random(1);
for (var i = 0; i < latencies.Length; i++)
{
    latencies[i] = (long)Math.Exp(random.NextDouble() * 14); // 1 µs .. 1.2 s, log-uniform
}
var step = Stopwatch.Frequency / 60_000;
var harvestEvery = Stopwatch.Frequency / 100;

double Run(bool record)
{
    using var series = new LoadSeries();
    var clock = Stopwatch.GetTimestamp();
    var nextHarvest = clock + harvestEvery;
    long sink = 0;
    var start = Stopwatch.GetTimestamp();
    for (var i = 0; i < Requests; i++)
    {
        clock += step;
        var latency = latencies[i & 4095];
        if (record)
        {
            series.Record(clock, latency);
        }
        else
        {
            sink += latency ^ clock;
        }
        if (clock >= nextHarvest)
        {
            series.Collect(clock);
            nextHarvest = clock + harvestEvery;
        }
    }
    var ns = Stopwatch.GetElapsedTime(start).TotalNanoseconds / Requests;
    if (record && series.Complete().Sum(s => s.Requests) != Requests)
    {
        throw new InvalidOperationException("the series lost requests");
    }
    GC.KeepAlive(sink);
    return ns;
}

Run(true);
Run(false);
double best = double.MaxValue, baseline = double.MaxValue;
for (var round = 0; round < Rounds; round++)
{
    best = Math.Min(best, Run(true));
    baseline = Math.Min(baseline, Run(false));
}
Console.WriteLine($"loop with LoadSeries.Record: {best:0.0} ns/request, without: {baseline:0.0} ns/request, cost of recording: {best - baseline:0.0} ns/request ({Requests:N0} requests, best of {Rounds})");
