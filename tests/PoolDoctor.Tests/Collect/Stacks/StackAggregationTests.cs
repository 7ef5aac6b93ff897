using System.Text.Json;
using PoolDoctor.Collect.Stacks;
using PoolDoctor.Collect.Stacks.Nettrace;

namespace PoolDoctor.Tests.Collect.Stacks;

/// <summary>
/// The stack reader aggregates events as they stream instead of keeping one row per event: on every recorded fixture
/// it gives exactly the snapshot a pass over the kept rows gives (IL positions included), and keeps no row.
/// </summary>
public sealed class StackAggregationTests
{
    public static TheoryData<string> Fixtures()
    {
        var data = new TheoryData<string>();
        foreach (var file in Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, "fixtures"), "*.nettrace.gz", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            data.Add(Path.GetRelativePath(AppContext.BaseDirectory, file));
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Streaming_aggregation_gives_the_snapshot_of_the_kept_rows(string fixture)
    {
        var path = Path.Combine(AppContext.BaseDirectory, fixture);

        var kept = NettraceStackReader.Parse(path, requireComplete: true);
        var fromRows = NettraceStackReader.Collect(kept, firstSamplePerThread: false, serving: null, symbols: null);
        var aggregation = new StackAggregation(firstSamplePerThread: false, serving: null);
        var streamed = NettraceStackReader.Parse(path, requireComplete: true, aggregation);
        var streamedSnapshot = NettraceStackReader.ReadStacks(path, firstSamplePerThread: false, requireComplete: true, serving: null, symbols: null);

        Assert.Empty(streamed.Rows);
        Assert.Equal(kept.Rows.Count, streamed.EventCount);
        Assert.Equal(kept.Rows.Count, aggregation.Events);
        Assert.Equal(JsonSerializer.Serialize(fromRows), JsonSerializer.Serialize(streamedSnapshot));
    }
}
