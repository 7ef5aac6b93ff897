using PoolDoctor.Model.Advice;
using PoolDoctor.Report.Stacks;
using static PoolDoctor.Model.Advice.AdviceEvidenceKind;

namespace PoolDoctor.Report.Advice;

/// <summary>
/// The one place an <see cref="AdviceEvidence"/> becomes the line people read under a fix: report.html and report.json's
/// <c>advice.fixes[].evidence</c> print these words. Only wording happens here; the figures come in the item.
/// </summary>
public static class AdviceEvidenceText
{
    public static IReadOnlyList<string> Lines(CulpritAdvice fix) => [.. fix.Evidence.Select(Line)];

    // The current culture, as the lines were written before they moved here (the recorded reports say so).
    public static string Line(AdviceEvidence e) => e.Kind switch
    {
        BlockedThreads => $"{e.Threads} pool thread{(e.Threads == 1 ? "" : "s")} blocked in {e.Api} called by {e.Method}, {e.Share * 100:0}% of sampled pool-thread time",
        Entry => $"entry: {EntryText.Of(e.Entry)}",
        AdviceEvidenceKind.CallSite => CallSiteNoteText.Line(e.Note) ?? "",
        WaitEvents => $"wait events: {e.WaitMs:F0} ms blocked in total",
        ExampleStack => "top of the example stack: " + string.Join(" <- ", e.Frames),
        Words => e.Text ?? "",
        _ => throw new ArgumentOutOfRangeException(nameof(e), e.Kind, "an advice evidence kind with no line"),
    };
}
