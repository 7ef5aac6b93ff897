using PoolDoctor.Model.Diagnosis;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The driven load's per-second series as chart points on the report's axis (seconds since the watch started): each
/// UTC second at its middle. Seconds before the watch began are left out; a second with no response has no latency point.
/// </summary>
internal sealed record LoadPoints(
    IReadOnlyList<(double, double)> Requests,
    IReadOnlyList<(double, double)> Errors,
    IReadOnlyList<(double, double)> P50,
    IReadOnlyList<(double, double)> P99,
    double LastSeconds)
{
    /// <summary>When the load's first second began, in seconds since the watch started.</summary>
    public double FirstSeconds => Requests[0].Item1 - 0.5;

    public static LoadPoints? Of(DiagnosisReport report)
    {
        if (report.Load is not { Series.Count: > 0 } load)
        {
            return null;
        }
        var seconds = load.Series
            .Select(s => (At: (s.AtUtc - report.StartedUtc).TotalSeconds + 0.5, Second: s))
            .Where(p => p.At >= 0)
            .ToList();
        if (seconds.Count == 0)
        {
            return null;
        }
        return new LoadPoints(
            [.. seconds.Select(p => (p.At, (double)p.Second.Requests))],
            [.. seconds.Select(p => (p.At, (double)p.Second.Errors))],
            [.. seconds.Where(p => p.Second.P50Ms is not null).Select(p => (p.At, p.Second.P50Ms!.Value))],
            [.. seconds.Where(p => p.Second.P99Ms is not null).Select(p => (p.At, p.Second.P99Ms!.Value))],
            seconds[^1].At);
    }
}
