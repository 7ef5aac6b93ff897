namespace PoolDoctor.Metrics;

/// <summary>The top culprit of the latest report, as a labelled series: its method, kind and the pool threads it held.</summary>
public sealed record CulpritSeries(string Method, string Kind, int Threads);
