using System.Text.Json;
using PoolDoctor.Model.Counters;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

public sealed class ReportQueueDelayTests
{
    private static DoctorFixture WithDelays()
    {
        var f = DoctorFixtures.Load("taskwait.json");
        return f with { Samples = [.. f.Samples.Select((s, i) => s with { QueueDelayMs = new QueueDelay(100 * i, 200 * i, 250 * i, 5) })] };
    }

    [Fact]
    public void Report_json_samples_have_the_counters_lines_shape_with_the_queue_delay()
    {
        var f = WithDelays();
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(DoctorFixtures.Report(f)));
        var sample = doc.RootElement.GetProperty("samples")[3];
        Assert.Equal(600, sample.GetProperty("queueDelayMs").GetProperty("p99").GetDouble());
        // One writer: the same keys, in the same order, as a `counters --format json` line for the same sample.
        var line = JsonDocument.Parse(CounterJson.IntervalLine(new CounterInterval(f.Samples[3], []), verdict: null)).RootElement;
        // schemaVersion is the line's own (a document), atUtc report.json's own (it alone knows when the watch started).
        var lineKeys = line.EnumerateObject().Select(p => p.Name).Where(k => k is not ("injections" or "injectionsPerSecond" or "schemaVersion"));
        Assert.Equal(lineKeys, sample.EnumerateObject().Select(p => p.Name).Where(k => k != "atUtc"));
    }

    [Fact]
    public void Report_html_charts_the_queue_delay_when_it_was_measured()
    {
        Assert.Contains("chart-queue-delay", ReportHtmlWriter.Write(DoctorFixtures.Report(WithDelays())), StringComparison.Ordinal);
        Assert.DoesNotContain("chart-queue-delay", ReportHtmlWriter.Write(DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"))), StringComparison.Ordinal);
    }
}
