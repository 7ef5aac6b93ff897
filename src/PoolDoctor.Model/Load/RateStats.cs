namespace PoolDoctor.Model.Load;

public sealed record RateStats(double Mean, double Stdev, double Max);
