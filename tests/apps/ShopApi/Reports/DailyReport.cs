namespace ShopApi.Reports;

public sealed record DailyReport(string Day, decimal Total);
