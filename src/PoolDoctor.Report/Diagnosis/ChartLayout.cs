namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// How the timeline's charts sit on the page, from the length of what they show: a run of up to
/// <see cref="CompactUpToSeconds"/> gets compact charts two to a row; a longer one gets column-wide charts, one a row.
/// </summary>
internal static class ChartLayout
{
    /// <summary>About 40 half-second samples: more than that needs the column's width to stay readable.</summary>
    public const double CompactUpToSeconds = 20;

    public static ChartFrame FrameFor(double seconds) => seconds <= CompactUpToSeconds ? SvgTimelineChart.Compact : SvgTimelineChart.Wide;

    /// <summary>The opening of a group of charts (closed with &lt;/div&gt;).</summary>
    public static string Open(ChartFrame frame) =>
        frame == SvgTimelineChart.Compact ? "<div class=\"charts compact\">\n" : "<div class=\"charts\">\n";
}
