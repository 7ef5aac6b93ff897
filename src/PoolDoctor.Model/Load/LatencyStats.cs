namespace PoolDoctor.Model.Load;

public sealed record LatencyStats(double Mean, double Stdev, double Max, double P50, double P75, double P90, double P95, double P99);
