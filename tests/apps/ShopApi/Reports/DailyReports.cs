namespace ShopApi.Reports;

public static class DailyReports
{
    public static DailyReport For(string day) => new(day, ReportArchive.TotalAsync(day).Result);
}
