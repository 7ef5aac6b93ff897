using System.Globalization;

namespace PoolDoctor.Report.Diagnosis;

/// <summary>
/// The report's clock: a moment given as seconds since the watch started becomes the UTC time of day, so the charts
/// line up with Grafana and the service's logs without arithmetic; the seconds stay beside it as the second label.
/// </summary>
internal static class TimeAxis
{
    public static string Clock(DateTimeOffset origin, double seconds) =>
        origin.UtcDateTime.AddSeconds(seconds).ToString("HH:mm:ss", CultureInfo.InvariantCulture);
}
