using PoolDoctor.Report.Counters;

namespace PoolDoctor.Tests.Shared;

/// <summary>The recorded counter series under fixtures/counters (fixtures/counters/README.md says how each was made).</summary>
public static class CounterFixtures
{
    /// <param name="path">The series' path under fixtures/counters, without ".jsonl": "late-attach/taskwait-mvc".</param>
    public static CounterSeries Load(string path) =>
        CounterSeriesReader.Parse(File.ReadLines(Path.Combine([AppContext.BaseDirectory, "fixtures", "counters", .. path.Split('/')]) + ".jsonl"));
}
