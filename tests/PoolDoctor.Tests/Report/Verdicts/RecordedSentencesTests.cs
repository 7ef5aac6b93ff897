using System.Globalization;
using PoolDoctor.Analysis.Detection;
using PoolDoctor.Report.Counters;
using PoolDoctor.Report.Verdicts;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Verdicts;

/// <summary>
/// The sentences did not change when the rules began to emit items: fixtures/evidence/recorded-sentences.txt holds every
/// evidence line the detector gave, after each sample of every recorded series under fixtures/counters, written by the
/// rules as they were before (commit c81044e, when they built the sentences themselves). The items rendered by
/// <see cref="EvidenceText"/> must give the same lines, in the same order, byte for byte.
/// </summary>
public sealed class RecordedSentencesTests
{
    private static readonly string Root = Path.Combine(AppContext.BaseDirectory, "fixtures", "counters");

    [Fact]
    public void Every_recorded_series_renders_the_sentences_the_rules_used_to_write()
    {
        var expected = File.ReadAllLines(Path.Combine(AppContext.BaseDirectory, "fixtures", "evidence", "recorded-sentences.txt"));

        var actual = Render();
        // A rule change that moves a verdict on purpose: write what the rules say now, diff it against the file, and
        // keep it only with a note per changed verdict (the test still compares, so it fails until the file is replaced).
        if (Environment.GetEnvironmentVariable("POOLDOCTOR_WRITE_SENTENCES") is { Length: > 0 } writeTo)
        {
            File.WriteAllLines(writeTo, actual);
        }

        // Line by line, so a failure names the series, the sample and the sentence that differ.
        var headers = new List<string>();
        for (var i = 0; i < Math.Min(expected.Length, actual.Count); i++)
        {
            if (expected[i].StartsWith("# ", StringComparison.Ordinal) || expected[i].StartsWith("@ ", StringComparison.Ordinal))
            {
                headers.Add(expected[i]);
            }
            Assert.True(expected[i] == actual[i], $"line {i + 1} ({string.Join(" ", headers.TakeLast(2))}):\nexpected {expected[i]}\nactual   {actual[i]}");
        }
        Assert.Equal(expected.Length, actual.Count);
        Assert.True(expected.Length > 6000, "the recorded series gave fewer lines than when the file was written");
    }

    // The walk the file was written with: series in ordinal order of their path, the verdict after each sample.
    private static List<string> Render()
    {
        var output = new List<string>();
        foreach (var file in Directory.GetFiles(Root, "*.jsonl", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            var series = CounterSeriesReader.Parse(File.ReadLines(file));
            if (series.Samples.Count == 0)
            {
                continue;
            }
            output.Add("# " + Path.GetRelativePath(Root, file));
            foreach (var verdict in StarvationDetector.Timeline(series.Samples, series.Injections, series.Cores))
            {
                output.Add("@ " + verdict.AtSeconds?.ToString(CultureInfo.InvariantCulture));
                output.AddRange(EvidenceText.Lines(verdict));
            }
        }
        return output;
    }
}
