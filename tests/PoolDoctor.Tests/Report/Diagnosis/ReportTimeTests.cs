using System.Text.Json;
using System.Text.RegularExpressions;
using PoolDoctor.Report.Diagnosis;
using PoolDoctor.Tests.Shared;

namespace PoolDoctor.Tests.Report.Diagnosis;

public sealed class ReportTimeTests
{
    [Fact]
    public void Json_gives_the_start_and_every_sample_in_utc()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json"));
        using var doc = JsonDocument.Parse(ReportJsonWriter.Write(report));
        Assert.Equal("2026-11-22T03:00:00.000Z", doc.RootElement.GetProperty("startedAtUtc").GetString());
        var samples = doc.RootElement.GetProperty("samples");
        for (var i = 0; i < samples.GetArrayLength(); i++)
        {
            var s = samples[i];
            var expected = report.StartedUtc.AddSeconds(s.GetProperty("seconds").GetDouble()).UtcDateTime;
            Assert.Equal(expected, DateTime.Parse(s.GetProperty("atUtc").GetString()!, null, System.Globalization.DateTimeStyles.AdjustToUniversal | System.Globalization.DateTimeStyles.AssumeUniversal));
        }
        Assert.Equal("2026-11-22T03:00:01.000Z", samples[0].GetProperty("atUtc").GetString());
    }

    [Fact]
    public void Html_axis_labels_are_utc_clock_time_with_seconds_since_start_below()
    {
        var report = DoctorFixtures.Report(DoctorFixtures.Load("taskwait.json")) with { StartedUtc = new DateTimeOffset(2026, 11, 22, 23, 59, 55, TimeSpan.FromHours(2)) };
        var html = ReportHtmlWriter.Write(report);
        var svg = Regex.Match(html, "<svg id=\"chart-threads\".*?</svg>", RegexOptions.Singleline).Value;
        // 23:59:55 at +02:00 is 21:59:55 UTC; the 20 s watch crosses the minute.
        var clocks = Regex.Matches(svg, "class=\"tick clock\"[^>]*>([^<]*)<").Select(m => m.Groups[1].Value).ToList();
        var since = Regex.Matches(svg, "class=\"tick since\"[^>]*>([^<]*)<").Select(m => m.Groups[1].Value).ToList();
        Assert.Equal("21:59:55", clocks[0]);
        Assert.Equal("+0s", since[0]);
        Assert.Equal(clocks.Count, since.Count);
        Assert.Contains("22:00:15", clocks);
        Assert.Contains("+20s", since);
        Assert.Contains("started at 21:59:55 UTC", html);
    }

    [Theory]
    [InlineData(2.4)]
    [InlineData(1.0)]
    [InlineData(3.7)]
    [InlineData(20)]
    [InlineData(600)]
    public void Axis_labels_of_a_run_of_any_length_never_repeat(double seconds)
    {
        var svg = SvgTimelineChart.Render("c", "t", [(0, 1), (seconds, 2)], seconds, [new ChartMarker(0.5, "Starving", "verdict-moment")],
            origin: new DateTimeOffset(2026, 11, 22, 3, 0, 0, TimeSpan.Zero));
        var clocks = Regex.Matches(svg, "class=\"tick clock\"[^>]*>([^<]*)<").Select(m => m.Groups[1].Value).ToList();
        var since = Regex.Matches(svg, "class=\"tick since\"[^>]*>([^<]*)<").Select(m => m.Groups[1].Value).ToList();
        Assert.True(since.Count >= 2, svg);
        Assert.Equal(since.Count, since.Distinct().Count());
        Assert.Equal(clocks.Count, clocks.Distinct().Count());
    }
}
