namespace PoolDoctor.Lab.Services;

/// <summary>Builds a day's report from the archive: a small static helper a lambda handler calls.</summary>
public static class DailyReports
{
    public static string For(string day) => $"{day}: {ReportArchive.TotalAsync(day).Result}";
}
