using PoolDoctor.Load.Engine;
using PoolDoctor.Load.Stats;
using PoolDoctor.Model.Load;

namespace PoolDoctor.Load;

/// <summary>Merges every connection's measurements into the run's <see cref="LoadSummary"/> (latencies in ms).</summary>
internal static class SummaryBuilder
{
    public static LoadSummary Build(LoadOptions options, int connections, IReadOnlyList<ConnectionStats> stats, RunningStatistics rps, TimeSpan elapsed)
    {
        var latency = new LatencyHistogram();
        var status = new long[6];
        var errors = new long[Enum.GetValues<ErrorKind>().Length];
        long bytesRead = 0, bytesWritten = 0, late = 0;
        var grpc = new SortedDictionary<int, long>();
        foreach (var s in stats)
        {
            foreach (var (code, count) in s.GrpcStatuses)
            {
                grpc[code] = grpc.GetValueOrDefault(code) + count;
            }
            latency.Add(s.Latency);
            Accumulate(status, s.StatusClasses);
            Accumulate(errors, s.Errors);
            bytesRead += s.BytesRead;
            bytesWritten += s.BytesWritten;
            late += s.LateSends;
        }
        return new LoadSummary(
            options.Url.OriginalString,
            connections,
            latency.Count,
            elapsed.TotalSeconds,
            new RateStats(rps.Mean, rps.StandardDeviation, rps.Max),
            ToMilliseconds(latency),
            new StatusCounts(status[0], status[1], status[2], status[3], status[4], status[5]),
            new ErrorCounts(
                errors[(int)ErrorKind.Timeout], errors[(int)ErrorKind.Connect], errors[(int)ErrorKind.Read],
                errors[(int)ErrorKind.Write], errors[(int)ErrorKind.Parse], errors[(int)ErrorKind.Other]) { Grpc = errors[(int)ErrorKind.Grpc] },
            bytesRead,
            bytesWritten,
            late)
        {
            TargetRate = options.Rate,
            GrpcStatus = options.Protocol == LoadProtocol.Grpc ? grpc.ToDictionary(p => Grpc.GrpcStatus.Name(p.Key), p => p.Value) : null,
        };
    }

    internal static LatencyStats ToMilliseconds(LatencyHistogram h) => new(
        h.Mean / 1000.0,
        h.StandardDeviation / 1000.0,
        h.Max / 1000.0,
        h.ValueAtPercentile(50) / 1000.0,
        h.ValueAtPercentile(75) / 1000.0,
        h.ValueAtPercentile(90) / 1000.0,
        h.ValueAtPercentile(95) / 1000.0,
        h.ValueAtPercentile(99) / 1000.0);

    private static void Accumulate(long[] total, long[] part)
    {
        for (var i = 0; i < total.Length; i++)
        {
            total[i] += part[i];
        }
    }
}
