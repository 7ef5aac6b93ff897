using System.Text.Json;

namespace PoolDoctor.Fix.Reports;

/// <summary>The MinThreads stop-gap a report computed (<c>advice.minThreads.value</c>, docs/report.md), or null when it has none.</summary>
public static class ReportStopGap
{
    public static int? MinThreads(string reportPath)
    {
        try
        {
            using var json = JsonDocument.Parse(ReportBytes.Read(reportPath));
            return json.RootElement.ValueKind == JsonValueKind.Object
                && json.RootElement.TryGetProperty("advice", out var advice) && advice.ValueKind == JsonValueKind.Object
                && advice.TryGetProperty("minThreads", out var gap) && gap.ValueKind == JsonValueKind.Object
                && gap.TryGetProperty("value", out var value) && value.TryGetInt32(out var n) ? n : null;
        }
        catch (Exception e) when (e is JsonException or IOException or UnauthorizedAccessException)
        {
            throw new FixRefusedException($"'{reportPath}' is not a readable report ({e.Message.Split('\n')[0]})");
        }
    }
}
